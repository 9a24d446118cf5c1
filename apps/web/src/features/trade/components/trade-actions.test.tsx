// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeTrade, noActions } from "../test-fixtures.ts";
import { TradeActions } from "./trade-actions.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

  it("tells the buyer who waits for the release and shows no button that cannot act", async () => {
    await renderWithApp(
      <TradeActions trade={makeTrade({ viewerRole: "buyer", side: "bought", actions: noActions })} />,
      {
        user: makeCurrentUser(),
      },
    );
    expect(screen.getByText("Waiting for the seller to release the crypto.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Release crypto" })).toBeNull();
    expect(screen.queryByRole("button", { name: "I have paid" })).toBeNull();
  });
});
