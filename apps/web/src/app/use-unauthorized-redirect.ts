import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { setUnauthorizedHandler } from "../lib/api.ts";
import { parseLocalePath } from "../lib/locale-routing.ts";
import { pathTo } from "../lib/paths.ts";
import { currentUserQueryKey } from "../lib/session.ts";

/**
 * Tells the API client what a 401 means here: the session is gone, so the user is forgotten and
 * sent to the log-in page, which brings them back to where they were.
 */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.setQueryData(currentUserQueryKey, null);
      const { pathname, search, hash } = locationRef.current;
      const { locale, path } = parseLocalePath(pathname);
      if (path === "/login") return;
      void navigate(pathTo("login", locale, {}, { returnTo: `${pathname}${search}${hash}` }));
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, queryClient]);
}
