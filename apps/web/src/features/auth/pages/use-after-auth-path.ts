import { useSearchParams } from "react-router";
import { sanitizeReturnPath } from "../../../lib/locale-routing.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";

/** Where to go after log-in or sign-up: the `returnTo` path when it stays on this site, else home. */
export function useAfterAuthPath(): string {
  const [searchParams] = useSearchParams();
  const { to } = useLocalizedPaths();
  return sanitizeReturnPath(searchParams.get("returnTo")) ?? to("home");
}
