// @vitest-environment happy-dom
import { notifications } from "@mantine/notifications";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { createFetchStub, errorAnswer, jsonAnswer, makeTrade, noActions } from "../test-fixtures.ts";
import { TradeReports } from "./trade-reports.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const verified = { avatarUrl: null, countryIso: null, isIdVerified: true, completedTrades: 9, lastSeenAt: null };

/** A released trade seen by its seller. */
function releasedTrade(isSellerVerified: boolean) {
  const trade = makeTrade({ status: "released", tradeCompleted: true, isFinished: true, actions: noActions });
  return { ...trade, seller: { ...trade.seller, ...verified, isIdVerified: isSellerVerified } };
}

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe("trade problem report", () => {
  it("sends the chosen reason and details, then says the moderators have it", async () => {
    const { fetchStub, calls } = createFetchStub({
      "POST /rest/v1/trade/T1abc/report": () => jsonAnswer(200, { data: { reported: true }, meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeReports trade={makeTrade({ viewerRole: "buyer", side: "bought" })} />, {
      user: makeCurrentUser(),
    });

    fireEvent.click(screen.getByRole("button", { name: "Report a problem" }));
    const submit = (await screen.findByRole("button", { name: "Send report" })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("The partner asks to trade outside escrow"));
    fireEvent.change(screen.getByLabelText("Details (optional)", { exact: false }), {
      target: { value: "  Asked me to pay by a private transfer.  " },
    });
    fireEvent.click(submit);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe("POST");
    expect(calls[0]?.body).toEqual({ reason: "outside_escrow", message: "Asked me to pay by a private transfer." });
    expect(await screen.findAllByText("Thanks, the moderators received your report.")).not.toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Report a problem" })).toBeNull();
  });

  it("shows the server's message when the trade was already reported", async () => {
    const { fetchStub } = createFetchStub({
      "POST /rest/v1/trade/T1abc/report": () =>
        errorAnswer(409, "ERROR_TRADE_ALREADY_REPORTED", "You already reported this trade."),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeReports trade={makeTrade()} />, { user: makeCurrentUser() });

    fireEvent.click(screen.getByRole("button", { name: "Report a problem" }));
    fireEvent.click(await screen.findByLabelText("This is an obvious scam"));
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));

    expect(await screen.findByText("You already reported this trade.")).toBeTruthy();
  });

  it("offers no report to staff looking on", async () => {
    await renderWithApp(<TradeReports trade={makeTrade({ viewerRole: "moderator", side: null })} />, {
      user: makeCurrentUser({ isStaff: true, roles: ["moderator"] }),
    });
    expect(screen.queryByTestId("trade-reports")).toBeNull();
  });
});

describe("chargeback report", () => {
  it("sends a verified seller's report and shows its state", async () => {
    const { fetchStub, calls } = createFetchStub({
      "POST /rest/v1/user-reports/chargeback": () =>
        jsonAnswer(200, {
          data: {
            id: 7,
            tradeId: "T1abc",
            timing: "before_mark_as_paid",
            state: "Pending",
            createdAt: "2026-11-22T09:00:00.000Z",
          },
          meta: null,
        }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeReports trade={releasedTrade(true)} />, { user: makeCurrentUser() });

    fireEvent.click(screen.getByRole("button", { name: "Report a chargeback" }));
    const submit = (await screen.findByRole("button", { name: "Send chargeback report" })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Before the trade was marked as paid"));
    fireEvent.change(screen.getByLabelText("What happened (optional)"), {
      target: { value: "The bank reversed the transfer." },
    });
    fireEvent.click(submit);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.path).toBe("/rest/v1/user-reports/chargeback");
    expect(calls[0]?.body).toEqual({
      tradeId: "T1abc",
      timing: "before_mark_as_paid",
      description: "The bank reversed the transfer.",
    });
    expect((await screen.findByTestId("chargeback-state")).textContent).toBe("Chargeback report #7: pending");
    expect(screen.queryByRole("button", { name: "Report a chargeback" })).toBeNull();
  });

  it("tells a seller whose verification is incorrect to contact support and sends nothing", async () => {
    const { fetchStub, calls } = createFetchStub({});
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeReports trade={releasedTrade(false)} />, { user: makeCurrentUser() });

    fireEvent.click(screen.getByRole("button", { name: "Report a chargeback" }));

    const notice = await screen.findByTestId("chargeback-contact-support");
    expect(notice.textContent).toContain("Contact support to report the chargeback.");
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/support");
    expect(screen.queryByRole("button", { name: "Send chargeback report" })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("sends the seller to support when the server finds the verification incorrect", async () => {
    const { fetchStub } = createFetchStub({
      "POST /rest/v1/user-reports/chargeback": () =>
        errorAnswer(
          403,
          "ERROR_CHARGEBACK_VERIFICATION_INCORRECT",
          "Your verification is incorrect: contact support to report this chargeback.",
          { contactSupport: true },
        ),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeReports trade={releasedTrade(true)} />, { user: makeCurrentUser() });

    fireEvent.click(screen.getByRole("button", { name: "Report a chargeback" }));
    fireEvent.click(await screen.findByLabelText("Before the payment details were shown"));
    fireEvent.click(screen.getByRole("button", { name: "Send chargeback report" }));

    expect(await screen.findByTestId("chargeback-contact-support")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send chargeback report" })).toBeNull();
  });

  it("is offered only to the seller of a trade that delivered the crypto", async () => {
    const { unmount } = await renderWithApp(<TradeReports trade={makeTrade({ status: "paid" })} />, {
      user: makeCurrentUser(),
    });
    expect(screen.queryByRole("button", { name: "Report a chargeback" })).toBeNull();
    unmount();

    await renderWithApp(<TradeReports trade={{ ...releasedTrade(true), viewerRole: "buyer", side: "bought" }} />, {
      user: makeCurrentUser(),
    });
    expect(screen.getByRole("button", { name: "Report a problem" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Report a chargeback" })).toBeNull();
  });
});
