// @vitest-environment happy-dom
import type { Approval } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminApprovalsPage } from "./admin-approvals-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
const request = (overrides: Partial<Approval>): Approval => ({
  id: 1,
  kind: "withdrawal",
  subjectType: "withdrawal",
  subjectId: "7",
  subjectUsername: "bilal_o",
  payload: {
    username: "bilal_o",
    cryptoCurrencyCode: "BTC",
    amount: "2.00000000",
    networkFee: "0.00002000",
    address: "bc1qxy",
  },
  requestedBy: "bilal_o",
  reason: "",
  approvalsRequired: 2,
  approvedBy: [],
  state: "pending",
  decidedBy: null,
  decisionReason: null,
  expiresAt: inAWeek,
  createdAt: "2026-11-28T12:00:00.000Z",
  decidedAt: null,
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the approvals screen", () => {
  it("offers Approve on another's request, none on the admin's own or one they approved", async () => {
    const list = [
      request({ id: 1 }),
      request({
        id: 2,
        kind: "ledger_reversal",
        subjectType: "ledger_transfer",
        subjectId: "40",
        requestedBy: "amina_k",
        subjectUsername: null,
        payload: { transferKind: "deposit" },
        approvalsRequired: 1,
      }),
      request({ id: 3, approvedBy: ["amina_k"] }),
    ];
    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), "http://souk.test");
        if (init?.method === "POST") {
          sent.push(url.pathname);
          return answer(200, { data: { ...list[0], approvedBy: ["amina_k"] }, meta: null });
        }
        if (url.pathname === "/rest/v1/admin/approvals") {
          return answer(200, { data: list, meta: { total: 3, currentPage: 1, perPage: 25, lastPage: 1 } });
        }
        return answer(404, { errors: { message: "No.", code: "ERROR_NOT_FOUND", details: null } });
      }),
    );
    const admin = makeCurrentUser({ isStaff: true, roles: ["user", "admin"], username: "amina_k" });
    await renderWithApp(<AdminApprovalsPage />, { user: admin, path: "/admin/approvals" });
    await waitFor(() => expect(screen.getAllByTestId("approval-card")).toHaveLength(3));
    const [other, own, given] = screen.getAllByTestId("approval-card");
    expect(other?.textContent).toContain("bilal_o withdraws 2.00000000 BTC");
    expect(other?.textContent).toContain("Approvals: 0 of 2");
    expect(own?.textContent).toContain("Reverse transfer #40 (deposit)");
    expect(own?.querySelector("[data-testid=approval-approve]")).toBeNull();
    expect(own?.textContent).toContain("You asked for this: another admin approves it.");
    expect(given?.querySelector("[data-testid=approval-approve]")).toBeNull();
    expect(given?.textContent).toContain("You approved this");
    const approveButton = other?.querySelector("[data-testid=approval-approve]");
    expect(approveButton).not.toBeNull();
    fireEvent.click(approveButton as Element);
    await waitFor(() => expect(sent).toEqual(["/rest/v1/admin/approvals/1/approve"]));
  });

  it("tells a supermod it is for admins, and asks for nothing", async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => answer(500, {}));
    vi.stubGlobal("fetch", fetchStub);
    const supermod = makeCurrentUser({ isStaff: true, roles: ["user", "supermod"] });
    await renderWithApp(<AdminApprovalsPage />, { user: supermod, path: "/admin/approvals" });
    expect(screen.getByTestId("admin-area-not-allowed").textContent).toContain("For admins");
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
