import { PAGE_DATA_GLOBAL, type PageData, pageDataSchema } from "@souk/contracts";
import { refreshCsrfToken } from "../lib/api.ts";
import { fallbackAppConfig } from "../lib/app-config.ts";
import { reportError } from "../lib/report-error.ts";
import { fetchCurrentUser } from "../lib/session.ts";

/**
 * Page data: what the server writes into index.html (in place of the `<!--souk-page-data-->`
 * comment) so the first paint needs no call. Under the Vite dev server there is none, and the
 * same facts are fetched instead.
 */
export function readEmbeddedPageData(source: object = window): PageData | null {
  const raw = (source as Record<string, unknown>)[PAGE_DATA_GLOBAL];
  if (raw === undefined || raw === null) return null;
  const parsed = pageDataSchema.safeParse(raw);
  if (!parsed.success) {
    reportError({ kind: "invalid_answer", message: `Page data: ${parsed.error.message}`, error: parsed.error });
    return null;
  }
  return parsed.data;
}

export async function fetchPageData(): Promise<PageData> {
  const [csrf, user] = await Promise.allSettled([refreshCsrfToken(), fetchCurrentUser()]);
  return {
    csrfToken: csrf.status === "fulfilled" ? csrf.value : "",
    currentUser: user.status === "fulfilled" ? user.value : null,
    featureFlags: {},
    config: fallbackAppConfig,
  };
}

export async function loadPageData(): Promise<PageData> {
  return readEmbeddedPageData() ?? (await fetchPageData());
}
