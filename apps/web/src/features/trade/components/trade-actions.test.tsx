// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeTrade, noActions } from "../test-fixtures.ts";
import { TradeActions } from "./trade-actions.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The note's autosizing textarea listens for font loads; happy-dom has no document.fonts.
beforeAll(() => {
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
});

describe("TradeActions", () => {
  it("releases only after the seller confirms receiving the payment", async () => {
    const trade = makeTrade();
    const fetchStub = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ data: { ...trade, status: "released" }, meta: null }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeActions trade={trade} />, { user: makeCurrentUser() });

    fireEvent.click(screen.getByRole("button", { name: "Release crypto" }));
    const confirm = await screen.findByRole("button", { name: "Confirm" });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("I have received the full payment"));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(new URL(String(url), "http://souk.test").pathname).toBe("/rest/v1/trade/T1abc/release");
    expect(init?.method).toBe("POST");
  });

  it("asks the two-factor code when the seller's settings guard releases, and sends it", async () => {
    const trade = makeTrade();
    const refusal = {
      errors: { message: "No", code: "ERROR_SECOND_FACTOR_REQUIRED", details: { code: ["second_factor_invalid"] } },
    };
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    const factor = { type: "ga", state: "enabled", settings: { login: false, release: true, sendout: false } };
    let releases = 0;
    const fetchStub = vi.fn<typeof fetch>(async (url) => {
      if (String(url).includes("/users/two-factor"))
        return json(200, { data: { ...factor, recoveryCodesLeft: 10 }, meta: null });
      releases += 1;
      return releases === 1 ? json(403, refusal) : json(200, { data: { ...trade, status: "released" }, meta: null });
    });
    vi.stubGlobal("fetch", fetchStub);
    const user = makeCurrentUser({ twoFactor: { login: false, release: true, sendout: false } });
    await renderWithApp(<TradeActions trade={trade} />, { user });

    fireEvent.click(screen.getByRole("button", { name: "Release crypto" }));
    const confirm = (await screen.findByRole("button", { name: "Confirm" })) as HTMLButtonElement;
    fireEvent.click(screen.getByLabelText("I have received the full payment"));
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Two-factor code", { exact: false }), { target: { value: "000000" } });
    fireEvent.click(confirm);
    expect(await screen.findByText("This code is wrong or has expired.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Two-factor code", { exact: false }), { target: { value: "123456" } });
    fireEvent.click(confirm);
    await waitFor(() => expect(releases).toBe(2));
    const [, init] = fetchStub.mock.calls.filter(([url]) => String(url).includes("/release")).at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ code: "123456" });
    // An authenticator app's codes are not mailed: no such link.
    expect(screen.queryByText("E-mail me a code")).toBeNull();
  });

  it("offers to mail a code when the seller's factor is e-mail codes", async () => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    const status = { type: "email", state: "enabled", settings: { login: true, release: true, sendout: true } };
    const fetchStub = vi.fn<typeof fetch>(async (url) =>
      String(url).includes("/send-code")
        ? json({ data: null, meta: null })
        : json({ data: { ...status, recoveryCodesLeft: 10 }, meta: null }),
    );
    vi.stubGlobal("fetch", fetchStub);
    const user = makeCurrentUser({ twoFactor: { login: true, release: true, sendout: true } });
    await renderWithApp(<TradeActions trade={makeTrade()} />, { user });
    fireEvent.click(screen.getByRole("button", { name: "Release crypto" }));
    fireEvent.click(await screen.findByText("E-mail me a code"));
    expect(await screen.findByText("A code is on its way to your mailbox.")).toBeTruthy();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes("/rest/v1/users/two-factor/send-code"))).toBe(
      true,
    );
  });

  it("shows no code field when releases are not guarded", async () => {
    await renderWithApp(<TradeActions trade={makeTrade()} />, { user: makeCurrentUser() });
    fireEvent.click(screen.getByRole("button", { name: "Release crypto" }));
    await screen.findByRole("button", { name: "Confirm" });
    expect(screen.queryByTestId("release-code")).toBeNull();
  });

  it("puts the seller's next step, with its button, at the top: check the payment, then release", async () => {
    await renderWithApp(<TradeActions trade={makeTrade()} />, { user: makeCurrentUser() });
    expect(screen.getByTestId("trade-next-step-text").textContent).toBe(
      "bob marked the trade as paid. Check that you received 150.00 USD from bob, then release 0.00150000 BTC.",
    );
    expect(screen.getByRole("button", { name: "Release crypto" })).toBeTruthy();
  });

  it("sends one release however fast the confirm button is clicked, with one Idempotency-Key", async () => {
    const trade = makeTrade();
    let answer: (response: Response) => void = () => {};
    const fetchStub = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeActions trade={trade} />, { user: makeCurrentUser() });
    fireEvent.click(screen.getByRole("button", { name: "Release crypto" }));
    fireEvent.click(await screen.findByLabelText("I have received the full payment"));
    const confirm = screen.getByTestId("confirm-trade-command");
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    const headers = new Headers(fetchStub.mock.calls[0]?.[1]?.headers);
    expect(headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    answer(
      new Response(JSON.stringify({ data: { ...trade, status: "released" }, meta: null }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId("confirm-trade-command")).toBeNull());
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it("asks the moderator to confirm an award, naming the amounts and the parties", async () => {
    const trade = makeTrade({
      status: "dispute_open",
      viewerRole: "moderator",
      actions: { ...noActions, canResolveDispute: true },
    });
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeActions trade={trade} />, { user: makeCurrentUser({ isStaff: true }) });
    fireEvent.change(screen.getByLabelText("Note to both parties"), { target: { value: "Proof checked." } });
    fireEvent.click(screen.getByRole("button", { name: "Award to the buyer" }));
    const dialog = await screen.findByTestId("award-confirm");
    expect(dialog.textContent).toContain("0.00150000 BTC go to bob, the buyer, for the 150.00 USD they say they paid.");
    expect(dialog.textContent).toContain("alice, the seller, gets nothing back.");
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("tells the buyer who waits for the release and shows no button that cannot act", async () => {
    await renderWithApp(
      <TradeActions trade={makeTrade({ viewerRole: "buyer", side: "bought", actions: noActions })} />,
      {
        user: makeCurrentUser(),
      },
    );
    expect(screen.getByTestId("trade-next-step-text").textContent).toBe(
      "alice is checking your payment of 150.00 USD and will release 0.00150000 BTC.",
    );
    expect(screen.queryByRole("button", { name: "Release crypto" })).toBeNull();
    expect(screen.queryByRole("button", { name: "I have paid" })).toBeNull();
  });
});
