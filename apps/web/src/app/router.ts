import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter } from "react-router";
import { setUnauthorizedHandler } from "../lib/api.ts";
import { parseLocalePath } from "../lib/locale-routing.ts";
import { pathTo } from "../lib/paths.ts";
import { currentUserQueryKey } from "../lib/session.ts";
import { createAppRoutes } from "./routes.tsx";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(createAppRoutes());

  // A 401 means the session is gone: forget the user and ask for a log-in, coming back here after.
  setUnauthorizedHandler(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
    const { pathname, search, hash } = router.state.location;
    const { locale, path } = parseLocalePath(pathname);
    if (path === "/login") return;
    void router.navigate(pathTo("login", locale, {}, { returnTo: `${pathname}${search}${hash}` }));
  });

  return router;
}
