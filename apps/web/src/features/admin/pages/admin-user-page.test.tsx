// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminUserPage } from "./admin-user-page.tsx";
import { AdminUsersPage } from "./admin-users-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const account = {
  id: 42,
  externalId: "3f2a8c1e-4b5d-4e6f-8a9b-0c1d2e3f4a5b",
  username: "alice",
  email: "alice@example.com",
  roles: ["user"],
  restrictions: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  closedAt: null,
  lastSeenAt: null,
  activeRestrictions: [],
  blockedKycActions: [],
  audit: [],
};
const frozen = {
  ...account,
  restrictions: ["frozen"],
  activeRestrictions: [
    { kind: "frozen", reason: "Bank recall", expiresAt: null, createdAt: "2026-02-01T00:00:00.000Z", createdBy: "sam" },
  ],
};

const supermod = makeCurrentUser({ isStaff: true, roles: ["user", "supermod"] });

/** Answers the account as `before` until a POST to `postPath` answers `after`; returns the posted bodies. */
function stubAccountApi(postPath: string, before: object, after: object): unknown[] {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), "http://souk.test");
      if (init?.method === "POST" && url.pathname === postPath) {
        posted.push(JSON.parse(String(init.body)));
        return answer(200, { data: after, meta: null });
      }
      if (url.pathname === "/rest/v1/admin/users/alice") {
        return answer(200, { data: posted.length > 0 ? after : before, meta: null });
      }
      return answer(404, { errors: { message: "No.", code: "ERROR_NOT_FOUND", details: null } });
    }),
  );
  return posted;
}

async function renderAlice() {
  await renderWithApp(
    <Routes>
      <Route path="/admin/users/:username" element={<AdminUserPage />} />
    </Routes>,
    { user: supermod, path: "/admin/users/alice" },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the operator console's users", () => {
  it("tells a moderator that users are for supermods and admins, and asks for nothing", async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => answer(500, {}));
    vi.stubGlobal("fetch", fetchStub);
    const moderator = makeCurrentUser({ isStaff: true, roles: ["user", "moderator"] });
    await renderWithApp(<AdminUsersPage />, { user: moderator, path: "/admin/users" });
    expect(screen.getByTestId("admin-area-not-allowed").textContent).toContain("For supermods and admins");
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("freezes an account with a reason and shows the restriction the server answers", async () => {
    const posted = stubAccountApi("/rest/v1/admin/users/alice/restrictions", account, frozen);
    await renderAlice();
    expect(await screen.findByText("No restriction is in place.")).toBeTruthy();
    fireEvent.change(screen.getByTestId("restrict-reason"), { target: { value: "Bank recall" } });
    fireEvent.click(screen.getByTestId("restrict-submit"));
    await waitFor(() => expect(screen.getByTestId("badge-frozen").textContent).toBe("Frozen"));
    expect(posted).toEqual([{ kind: "frozen", reason: "Bank recall", until: null }]);
    expect(screen.getByTestId("restriction-frozen").textContent).toContain("By sam");
  });

  it("blocks a KYC action with a reason and shows it blocked as the server answers", async () => {
    const blocked = { ...account, blockedKycActions: ["use-wallet"] };
    const posted = stubAccountApi("/rest/v1/admin/users/alice/blocked-actions", account, blocked);
    await renderAlice();
    expect(await screen.findByTestId("block-use-wallet")).toBeTruthy();
    fireEvent.change(screen.getByTestId("blocked-actions-reason"), { target: { value: "Source of funds" } });
    fireEvent.click(screen.getByTestId("block-use-wallet"));
    await waitFor(() => expect(screen.getByTestId("unblock-use-wallet")).toBeTruthy());
    expect(posted).toEqual([{ action: "use-wallet", reason: "Source of funds" }]);
  });
});
