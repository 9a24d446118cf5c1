import { type ApiRequestInfo, createApiClient } from "./api-client.ts";
import { commonErrors } from "./common-errors.ts";
import { reportError } from "./report-error.ts";

/**
 * The app's one API client instance. The CSRF token arrives with page data and changes at log-in
 * and log-out; the shell tells the client how to reach the log-in page.
 */
let csrfToken = "";
let unauthorizedHandler: ((request: ApiRequestInfo) => void) | null = null;

export function getCsrfToken(): string {
  return csrfToken;
}

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function setUnauthorizedHandler(handler: ((request: ApiRequestInfo) => void) | null): void {
  unauthorizedHandler = handler;
}

/** GET /rest/v1/csrf answers `{data: {csrfToken}}` (contracts' csrfResponseSchema). */
function readCsrfToken(answer: unknown): string {
  const token = (answer as { data?: { csrfToken?: unknown } } | null)?.data?.csrfToken;
  if (typeof token !== "string") throw new Error("The CSRF answer carries no token");
  return token;
}

export async function refreshCsrfToken(): Promise<string> {
  const token = readCsrfToken(await apiClient.get("/rest/v1/csrf", { skipUnauthorizedRedirect: true }));
  setCsrfToken(token);
  return token;
}

/** How API calls are sent: the browser's fetch, or the server's own routes while it renders a page. */
let apiFetch: typeof fetch = (input, init) => fetch(input, init);

/** Server rendering only: API calls go to `send` (the server answering its own routes). */
export function setApiFetch(send: (input: string, init?: RequestInit) => Promise<Response>): void {
  apiFetch = (input, init) => send(String(input), init);
}

export const apiClient = createApiClient({
  fetch: (input, init) => apiFetch(input, init),
  getCsrfToken,
  refreshCsrfToken: async () => {
    await refreshCsrfToken();
  },
  onUnauthorized: (request) => unauthorizedHandler?.(request),
  report: reportError,
  commonErrors,
});
