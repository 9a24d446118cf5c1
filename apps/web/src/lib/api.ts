import { csrfResponseSchema } from "@souk/contracts";
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

export async function refreshCsrfToken(): Promise<string> {
  const answer = await apiClient.get("/rest/v1/csrf", { schema: csrfResponseSchema, skipUnauthorizedRedirect: true });
  setCsrfToken(answer.data.csrfToken);
  return answer.data.csrfToken;
}

export const apiClient = createApiClient({
  getCsrfToken,
  refreshCsrfToken: async () => {
    await refreshCsrfToken();
  },
  onUnauthorized: (request) => unauthorizedHandler?.(request),
  report: reportError,
  commonErrors,
});
