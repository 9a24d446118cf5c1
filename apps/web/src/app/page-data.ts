import type { PAGE_DATA_GLOBAL, PageData, QUERY_STATE_GLOBAL } from "@souk/contracts";
import type { DehydratedState } from "@tanstack/react-query";
import { refreshCsrfToken } from "../lib/api.ts";
import { fallbackAppConfig } from "../lib/app-config.ts";
import { reportError } from "../lib/report-error.ts";
import { fetchCurrentUser } from "../lib/session.ts";

/**
 * Page data: what the server writes into index.html (in place of the `<!--souk-page-data-->`
 * comment) so the first paint needs no call. Under the Vite dev server there is none, and the
 * same facts are fetched instead.
 *
 * The full check with contracts' pageDataSchema runs right after the first render
 * (verifyPageData): zod is too heavy for the first page load, and the page data comes from the
 * server of the same release. A mismatch is reported and the user is fetched again, validated.
 */

/**
 * The name of the global is contracts' PAGE_DATA_GLOBAL; the type annotation fails the typecheck
 * if the two ever differ. Importing the constant itself would put contracts' page-data module,
 * and with it zod, into the first page load.
 */
const pageDataGlobal: typeof PAGE_DATA_GLOBAL = "__SOUK_PAGE_DATA__";
const queryStateGlobal: typeof QUERY_STATE_GLOBAL = "__SOUK_QUERY_STATE__";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The few facts the first render relies on, checked without zod. */
function looksLikePageData(value: unknown): value is PageData {
  if (!isObject(value)) return false;
  const { currentUser, csrfToken, featureFlags, config } = value;
  const isUserShaped =
    currentUser === null ||
    (isObject(currentUser) && typeof currentUser.username === "string" && isObject(currentUser.verification));
  return typeof csrfToken === "string" && isObject(featureFlags) && isObject(config) && isUserShaped;
}

export function readEmbeddedPageData(source: object = window): PageData | null {
  const raw = (source as Record<string, unknown>)[pageDataGlobal];
  if (raw === undefined || raw === null) return null;
  if (!looksLikePageData(raw)) {
    reportError({ kind: "invalid_answer", message: "Page data has an unexpected shape" });
    return null;
  }
  return raw;
}

/**
 * The query cache a server-rendered page was rendered from (absent when the browser renders the
 * page alone). It comes from the same server as the page data; only its outline is checked.
 */
export function readEmbeddedQueryState(source: object = window): DehydratedState | null {
  const raw = (source as Record<string, unknown>)[queryStateGlobal];
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw) || !Array.isArray(raw.queries) || !Array.isArray(raw.mutations)) {
    reportError({ kind: "invalid_answer", message: "Server-rendered query state has an unexpected shape" });
    return null;
  }
  return raw as unknown as DehydratedState;
}

/** Parses page data with pageDataSchema; calls `onInvalid` when it does not match. */
export async function verifyPageData(pageData: PageData, onInvalid: () => void): Promise<boolean> {
  const { pageDataSchema } = await import("../lib/schemas.ts");
  const parsed = pageDataSchema.safeParse(pageData);
  if (parsed.success) return true;
  reportError({ kind: "invalid_answer", message: `Page data: ${parsed.error.message}`, error: parsed.error });
  onInvalid();
  return false;
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
