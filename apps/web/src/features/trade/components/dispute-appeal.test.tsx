// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fallbackAppConfig, setAppConfig } from "../../../lib/app-config.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { createFetchStub, errorAnswer, jsonAnswer, makeTrade, noActions, noDispute } from "../test-fixtures.ts";
import { TradeActions } from "./trade-actions.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** A dispute awarded to the seller, seen by the buyer who lost it. */
function lostTrade(appeal: Partial<typeof noDispute.appeal> = {}, canAppeal = true) {
  return makeTrade({
    viewerRole: "buyer",
    side: "bought",
    status: "dispute_won_seller",
    isFinished: true,
    actions: { ...noActions, canAppeal },
    dispute: {
      ...noDispute,
      openedAt: "2026-11-21T10:20:00.000Z",
      openedBy: "buyer",
      reasonId: 1,
      reasonText: "I paid and nothing came.",
      resolvedAt: "2026-11-21T12:00:00.000Z",
      outcome: "seller",
      note: "No payment arrived.",
      appeal: { status: "available", availableUntil: "2026-11-23T12:00:00.000Z", appealedAt: null, ...appeal },
    },
  });
}

beforeEach(() => setAppConfig(fallbackAppConfig, { disputeAppeal: true }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAppConfig(fallbackAppConfig, {});
});

describe("dispute appeal", () => {
  it("sends the losing party's appeal once the explanation is long enough", async () => {
    const trade = lostTrade();
    const appealed = lostTrade({ status: "appealed", appealedAt: "2026-11-21T13:00:00.000Z" }, false);
    const { fetchStub, calls } = createFetchStub({
      "POST /rest/v1/trade/T1abc/dispute/appeal": () => jsonAnswer(200, { data: appealed, meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeActions trade={trade} />, { user: makeCurrentUser() });

    const submit = screen.getByRole("button", { name: "Send appeal" }) as HTMLButtonElement;
    const text = screen.getByLabelText("Why should the decision be reviewed?", { exact: false });
    fireEvent.change(text, { target: { value: "too short" } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(text, { target: { value: "My bank statement shows the transfer." } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe("POST");
    expect(calls[0]?.body).toEqual({ text: "My bank statement shows the transfer." });
  });

  it("shows the server's message when the appeal is refused", async () => {
    const { fetchStub } = createFetchStub({
      "POST /rest/v1/trade/T1abc/dispute/appeal": () =>
        errorAnswer(409, "ERROR_DISPUTE_APPEAL_NOT_AVAILABLE", "This award cannot be appealed.", {
          appeal: "expired",
        }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeActions trade={lostTrade()} />, { user: makeCurrentUser() });

    fireEvent.change(screen.getByLabelText("Why should the decision be reviewed?", { exact: false }), {
      target: { value: "The moderator missed my receipt." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send appeal" }));

    expect(await screen.findByText("This award cannot be appealed.")).toBeTruthy();
  });

  it("says an appeal was made or its window closed instead of offering the form", async () => {
    const { unmount } = await renderWithApp(
      <TradeActions trade={lostTrade({ status: "appealed", appealedAt: "2026-11-21T13:00:00.000Z" }, false)} />,
      { user: makeCurrentUser() },
    );
    expect(screen.getByTestId("dispute-appeal").textContent).toContain("The award was appealed on");
    expect(screen.queryByRole("button", { name: "Send appeal" })).toBeNull();
    unmount();

    await renderWithApp(<TradeActions trade={lostTrade({ status: "expired" }, false)} />, {
      user: makeCurrentUser(),
    });
    expect(screen.getByTestId("dispute-appeal").textContent).toContain("The appeal window closed on");
  });

  it("offers nothing while the disputeAppeal flag is off", async () => {
    setAppConfig(fallbackAppConfig, {});
    await renderWithApp(<TradeActions trade={lostTrade()} />, { user: makeCurrentUser() });
    expect(screen.getByText("No payment arrived.", { exact: false })).toBeTruthy();
    expect(screen.queryByTestId("dispute-appeal")).toBeNull();
  });
});
