// @vitest-environment happy-dom
import { adminChargebackDetailSchema } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminChargebackPage } from "./admin-chargeback-page.tsx";
import { AdminChargebacksPage } from "./admin-chargebacks-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const report = {
  id: 42,
  state: "Pending",
  timing: "before_mark_as_paid",
  description: "The bank reversed the transfer.",
  tradeId: "4HEJwTGrpdT",
  tradeStatus: "released",
  sellerUsername: "vera",
  buyerUsername: "bob",
  fiatAmount: "100.00",
  fiatCurrencyCode: "USD",
  cryptoAmount: "99.5",
  cryptoCurrencyCode: "USDT",
  paymentMethodName: "Payoneer",
  createdAt: "2026-03-01T10:00:00.000Z",
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
  tradeStartedAt: "2026-03-01T09:00:00.000Z",
  tradePaidAt: "2026-03-01T09:10:00.000Z",
  tradeCompletedAt: "2026-03-01T09:20:00.000Z",
  buyerConfirmedChargebacks: 2,
  events: [
    {
      seq: 3,
      name: "chargeback_started",
      actorRole: "seller",
      actorUsername: "vera",
      createdAt: "2026-03-01T10:00:00.000Z",
    },
  ],
};

const moderator = makeCurrentUser({ id: 7, username: "sam", isStaff: true, roles: ["user", "moderator"] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReport(user = moderator) {
  return renderWithApp(
    <Routes>
      <Route path="/admin/chargebacks/:id" element={<AdminChargebackPage />} />
    </Routes>,
    { user, path: "/admin/chargebacks/42" },
  );
}

describe("the chargeback queue", () => {
  it("uses a fixture the contracts accept", () => {
    expect(adminChargebackDetailSchema.safeParse(report).success).toBe(true);
  });

  it("refuses a plain user and asks for nothing", async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => answer(500, {}));
    vi.stubGlobal("fetch", fetchStub);
    await renderReport(makeCurrentUser());
    expect(screen.getByTestId("admin-area-not-allowed").textContent).toContain("For staff only");
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("lists the Pending reports with their parties and a link to each", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(String(input), "http://souk.test");
        asked.push(`${url.pathname}?state=${url.searchParams.get("state")}`);
        return answer(200, { data: [report], meta: { total: 1, currentPage: 1, perPage: 20, lastPage: 1 } });
      }),
    );
    await renderWithApp(<AdminChargebacksPage />, { user: moderator, path: "/admin/chargebacks" });
    const row = await screen.findByTestId("chargeback-row");
    expect(row.textContent).toContain("#42");
    expect(row.textContent).toContain("vera");
    expect(row.textContent).toContain("bob");
    expect(within(row).getByRole("link").getAttribute("href")).toBe("/admin/chargebacks/42");
    expect(asked).toContain("/rest/v1/admin/chargebacks?state=Pending");
    expect(screen.getByText("1 report")).toBeTruthy();
  });

  it("shows the report and confirms it with the reason the server receives", async () => {
    const posted: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), "http://souk.test");
        if (init?.method === "POST") {
          posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
          const decided = { ...report, state: "Confirmed", decidedBy: "sam", decidedAt: "2026-03-02T10:00:00.000Z" };
          return answer(200, { data: { ...decided, decisionReason: "Bank letter" }, meta: null });
        }
        return answer(200, { data: report, meta: null });
      }),
    );
    await renderReport();
    expect((await screen.findByTestId("chargeback-field-description")).textContent).toBe(
      "The bank reversed the transfer.",
    );
    expect(screen.getByTestId("chargeback-field-timing").textContent).toBe("Before the trade was marked paid");
    expect(screen.getByTestId("chargeback-field-buyerRecord").textContent).toBe("2");
    expect(screen.getByTestId("chargeback-events").textContent).toContain("chargeback_started");
    expect(screen.getByTestId("chargeback-trade").getAttribute("href")).toBe("/trade/4HEJwTGrpdT");
    const confirm = screen.getByTestId("chargeback-confirm");
    expect(confirm.hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByTestId("chargeback-reason"), { target: { value: "  Bank letter  " } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId("chargeback-state").textContent).toBe("Confirmed"));
    expect(posted).toEqual([
      { path: "/rest/v1/admin/chargebacks/42/decision", body: { state: "Confirmed", reason: "Bank letter" } },
    ]);
    expect(screen.getByTestId("chargeback-decided").textContent).toBe("This report is decided: Confirmed.");
    expect(screen.getByTestId("chargeback-field-decidedBy").textContent).toBe("sam");
  });

  it("says in words why the server refused, and offers nothing on one's own trade", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (_input, init) =>
        init?.method === "POST"
          ? answer(409, {
              errors: { message: "No.", code: "ERROR_CHARGEBACK_ALREADY_DECIDED", details: { state: "Dismissed" } },
            })
          : answer(200, { data: report, meta: null }),
      ),
    );
    await renderReport();
    fireEvent.change(await screen.findByTestId("chargeback-reason"), { target: { value: "Not upheld" } });
    fireEvent.click(screen.getByTestId("chargeback-dismiss"));
    expect((await screen.findByTestId("chargeback-refusal")).textContent).toBe(
      "Another moderator decided this report meanwhile.",
    );
    cleanup();

    await renderReport(makeCurrentUser({ id: 9, username: "bob", isStaff: true, roles: ["user", "moderator"] }));
    expect((await screen.findByTestId("chargeback-refusal")).textContent).toContain("You are a party to this trade");
    expect(screen.queryByTestId("chargeback-confirm")).toBeNull();
  });
});
