// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { detailsLine, UserActivity } from "./user-activity.tsx";
import { UserRelations } from "./user-relations.tsx";
import { UserVerifications } from "./user-verifications.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const supermod = makeCurrentUser({ isStaff: true, roles: ["user", "supermod"] });

const activityPage = (page: number) => ({
  data: [
    {
      id: 10 - page,
      type: page === 1 ? "withdrawal" : "login",
      device: page === 1 ? null : "Firefox on Linux",
      ip: page === 1 ? null : "10.1.2.3",
      details: page === 1 ? { amount: "5", currency: "USDT" } : {},
      createdAt: "2026-11-28T12:00:00.000Z",
    },
  ],
  meta: { total: 2, currentPage: page, perPage: 10, lastPage: 2 },
});

const relations = {
  trusts: { total: 3, items: [{ username: "bob", since: "2026-11-01T00:00:00.000Z" }] },
  blocks: { total: 0, items: [] },
  trustedBy: { total: 1, items: [{ username: "carol", since: "2026-11-02T00:00:00.000Z" }] },
  blockedBy: { total: 1, items: [{ username: "dave", since: "2026-11-03T00:00:00.000Z" }] },
};

const submissions = [
  {
    id: "sub_abcdef",
    type: "id",
    status: "uploaded",
    reason: null,
    provider: "manual",
    missing: [],
    documents: [
      { id: "doc_front1", side: "front", contentType: "image/png" },
      { id: "doc_back12", side: "back", contentType: "image/png" },
    ],
    createdAt: "2026-11-20T00:00:00.000Z",
    decidedAt: null,
  },
];

function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), "http://souk.test");
      asked.push(`${url.pathname}?page=${url.searchParams.get("page")}&perPage=${url.searchParams.get("perPage")}`);
      if (url.pathname === "/rest/v1/admin/users/alice/activity")
        return answer(200, activityPage(Number(url.searchParams.get("page"))));
      if (url.pathname === "/rest/v1/admin/users/alice/relations") return answer(200, { data: relations, meta: null });
      if (url.pathname === "/rest/v1/admin/users/alice/verifications")
        return answer(200, { data: submissions, meta: null });
      return answer(500, { errors: { message: "No.", code: "ERROR_INTERNAL", details: null } });
    }),
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the user page's activity", () => {
  it("shows a page of lines with their details and turns to the older page", async () => {
    const asked = serve();
    await renderWithApp(<UserActivity username="alice" />, { user: supermod, path: "/admin/users/alice" });
    await waitFor(() => expect(screen.getByTestId("admin-user-activity").textContent).toContain("Crypto sent"));
    expect(screen.getByTestId("admin-user-activity").textContent).toContain("amount: 5 · currency: USDT");
    expect(asked).toContain("/rest/v1/admin/users/alice/activity?page=1&perPage=10");
    fireEvent.click(screen.getByRole("button", { name: "Older" }));
    await waitFor(() => expect(screen.getByTestId("admin-user-activity").textContent).toContain("Logged in"));
    expect(screen.getByTestId("admin-user-activity").textContent).toContain("10.1.2.3");
    expect(screen.getByTestId("admin-user-activity").textContent).toContain("Page 2 of 2");
  });

  it("writes details as short pairs", () => {
    expect(detailsLine({ trade: "abc", amount: "5" })).toBe("trade: abc · amount: 5");
    expect(detailsLine({})).toBe("");
  });
});

describe("the user page's relations", () => {
  it("counts each list, names the newest and says how many more there are", async () => {
    serve();
    await renderWithApp(<UserRelations username="alice" />, { user: supermod, path: "/admin/users/alice" });
    await waitFor(() => expect(screen.getByTestId("relations-trusts").textContent).toContain("Trusts (3)"));
    expect(screen.getByTestId("relations-trusts").textContent).toContain("bob");
    expect(screen.getByTestId("relations-trusts").textContent).toContain("and 2 more");
    expect(screen.getByTestId("relations-blocks").textContent).toContain("Blocks (0)");
    expect(screen.getByTestId("relations-blockedBy").querySelector("a")?.getAttribute("href")).toBe(
      "/admin/users/dave",
    );
  });

  it("speaks French", async () => {
    serve();
    await renderWithApp(<UserRelations username="alice" />, {
      user: supermod,
      path: "/fr/admin/users/alice",
      locale: "fr",
    });
    await waitFor(() =>
      expect(screen.getByTestId("relations-trustedBy").textContent).toContain("A la confiance de (1)"),
    );
  });
});

describe("the user page's verification documents", () => {
  it("lists each submission with its documents and links it to its review page", async () => {
    serve();
    await renderWithApp(<UserVerifications username="alice" />, { user: supermod, path: "/admin/users/alice" });
    await waitFor(() =>
      expect(screen.getByTestId("admin-user-verifications").textContent).toContain("Identity document"),
    );
    const section = screen.getByTestId("admin-user-verifications");
    expect(section.textContent).toContain("Waiting for review");
    expect(section.textContent).toContain("front, back");
    expect(section.querySelector("a")?.getAttribute("href")).toBe("/admin/verifications/sub_abcdef");
  });
});
