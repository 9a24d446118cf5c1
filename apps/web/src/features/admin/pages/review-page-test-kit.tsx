import { cleanup, configure, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { Route, Routes } from "react-router";
import { afterEach, vi } from "vitest";
import { jsonResponse } from "../../../test-utils/fixtures.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminVerificationsPage } from "./admin-verifications-page.tsx";

/**
 * What the tests of the review pages (a verification, a company application) share: the
 * moderator who reviews, the page rendered under its route, and the API answered by a stub.
 */

/** A moderator by name (the one who submitted the reviewed item, say). */
export const moderatorNamed = (username: string, id = 9) =>
  makeCurrentUser({ id, username, isStaff: true, roles: ["user", "moderator"] });

/** A moderator who is no party to the reviewed item. */
export const moderator = moderatorNamed("sam", 7);

/** Waits long enough for a slow machine; each test's screen and fetch stub are gone after it. */
export function setUpReviewPageTests(): void {
  configure({ asyncUtilTimeout: 4000 });
  vi.setConfig({ testTimeout: 20_000 });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** `page` under its route (`/admin/verifications/...:id`), opened at `path`, as `user` sees it. */
export function renderReviewPage(
  page: ReactElement,
  route: { pattern: string; path: string },
  user = moderator,
): Promise<RenderResult> {
  return renderWithApp(
    <Routes>
      <Route path={route.pattern} element={page} />
    </Routes>,
    { user, path: route.path },
  );
}

/** The review queue at `path` (a tab is a query), as the moderator sees it. */
export const renderQueue = (path: string) => renderWithApp(<AdminVerificationsPage />, { user: moderator, path });

/** One call to the API as the stub sees it: its path, query, method and (for a POST) body. */
interface ApiCall {
  url: URL;
  method: string;
  body: unknown;
}

/**
 * Answers every fetch with `respond(call)`: a status and the JSON body. Returns the stub, so a
 * test can tell whether anything was asked.
 */
export function stubApi(respond: (call: ApiCall) => { status?: number; body: unknown }) {
  const stub = vi.fn<typeof fetch>(async (input, init) => {
    const method = init?.method ?? "GET";
    const body = method === "POST" && init?.body ? JSON.parse(String(init.body)) : undefined;
    const answer = respond({ url: new URL(String(input), "http://souk.test"), method, body });
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal("fetch", stub);
  return stub;
}

/** The data envelope of a 200 answer. */
export const data = (value: unknown) => ({ body: { data: value, meta: null } });
