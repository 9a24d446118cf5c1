import { describe, expect, it, vi } from "vitest";
import { makeCurrentUser } from "../test-utils/render-app.tsx";
import { readEmbeddedPageData, readEmbeddedQueryState, verifyPageData } from "./page-data.ts";

const config = {
  environment: "testing",
  defaultLocale: "en",
  locales: ["en", "fr"],
  defaultFiatCurrencyCode: "USD",
  version: "1.2.3",
};

describe("embedded page data", () => {
  it("is read from the global the server writes", () => {
    const pageData = { currentUser: makeCurrentUser(), csrfToken: "t", featureFlags: { bazaar: true }, config };

    expect(readEmbeddedPageData({ __SOUK_PAGE_DATA__: pageData })).toEqual(pageData);
  });

  it("is absent under the dev server, so the app fetches instead", () => {
    expect(readEmbeddedPageData({})).toBeNull();
  });

  it("is ignored when its shape is wrong", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readEmbeddedPageData({ __SOUK_PAGE_DATA__: { csrfToken: 1 } })).toBeNull();
  });

  it("passes the full pageDataSchema check when it matches the contracts", async () => {
    const onInvalid = vi.fn();
    const pageData = { currentUser: makeCurrentUser(), csrfToken: "t", featureFlags: {}, config };

    await expect(verifyPageData(pageData, onInvalid)).resolves.toBe(true);
    expect(onInvalid).not.toHaveBeenCalled();
  });

  it("reports a user that misses contract fields and asks for a fresh one", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const onInvalid = vi.fn();
    const { isFrozen: _dropped, ...partialUser } = makeCurrentUser();
    const pageData = { currentUser: partialUser as never, csrfToken: "t", featureFlags: {}, config };

    await expect(verifyPageData(pageData, onInvalid)).resolves.toBe(false);
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });
});

describe("embedded query state", () => {
  it("is read from the global the server writes beside a page it rendered", () => {
    const state = {
      mutations: [],
      queries: [{ queryKey: ["reference", "crypto-currencies"], queryHash: "x", state: {} }],
    };

    expect(readEmbeddedQueryState({ __SOUK_QUERY_STATE__: state })).toEqual(state);
  });

  it("is absent when the browser renders the page alone", () => {
    expect(readEmbeddedQueryState({})).toBeNull();
  });

  it("is ignored when its shape is wrong, so the page fetches its data instead", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readEmbeddedQueryState({ __SOUK_QUERY_STATE__: { queries: "none" } })).toBeNull();
  });
});
