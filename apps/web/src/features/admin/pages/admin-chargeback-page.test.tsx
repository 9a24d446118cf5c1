// @vitest-environment happy-dom
import { adminChargebackDetailSchema } from "@souk/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminChargebackPage } from "./admin-chargeback-page.tsx";
import { AdminChargebacksPage } from "./admin-chargebacks-page.tsx";
import {
  data,
  moderator,
  moderatorNamed,
  renderReviewPage,
  setUpReviewPageTests,
  stubApi,
} from "./review-page-test-kit.tsx";

setUpReviewPageTests();

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

const renderReport = (user = moderator) =>
  renderReviewPage(<AdminChargebackPage />, { pattern: "/admin/chargebacks/:id", path: "/admin/chargebacks/42" }, user);

describe("the chargeback queue", () => {
  it("uses a fixture the contracts accept", () => {
    expect(adminChargebackDetailSchema.safeParse(report).success).toBe(true);
  });

  it("refuses a plain user and asks for nothing", async () => {
    const fetchStub = stubApi(() => ({ status: 500, body: {} }));
    await renderReport(makeCurrentUser());
    expect(screen.getByTestId("admin-area-not-allowed").textContent).toContain("For staff only");
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("lists the Pending reports with their parties and a link to each", async () => {
    const asked: string[] = [];
    stubApi(({ url }) => {
      asked.push(`${url.pathname}?state=${url.searchParams.get("state")}`);
      return { body: { data: [report], meta: { total: 1, currentPage: 1, perPage: 20, lastPage: 1 } } };
    });
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
    stubApi(({ url, method, body }) => {
      if (method !== "POST") return data(report);
      posted.push({ path: url.pathname, body });
      return data({
        ...report,
        state: "Confirmed",
        decidedBy: "sam",
        decidedAt: "2026-03-02T10:00:00.000Z",
        decisionReason: "Bank letter",
      });
    });
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
    stubApi(({ method }) =>
      method === "POST"
        ? {
            status: 409,
            body: {
              errors: { message: "No.", code: "ERROR_CHARGEBACK_ALREADY_DECIDED", details: { state: "Dismissed" } },
            },
          }
        : data(report),
    );
    await renderReport();
    fireEvent.change(await screen.findByTestId("chargeback-reason"), { target: { value: "Not upheld" } });
    fireEvent.click(screen.getByTestId("chargeback-dismiss"));
    expect((await screen.findByTestId("chargeback-refusal")).textContent).toBe(
      "Another moderator decided this report meanwhile.",
    );
    cleanup();

    await renderReport(moderatorNamed("bob"));
    expect((await screen.findByTestId("chargeback-refusal")).textContent).toContain("You are a party to this trade");
    expect(screen.queryByTestId("chargeback-confirm")).toBeNull();
  });
});
