// @vitest-environment happy-dom
import { notifications } from "@mantine/notifications";
import { ErrorCode, LedgerErrorCode, WalletErrorCode, type WalletSendResult } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { btcCurrency } from "../../../test-utils/fixtures.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import {
  btcSendInfo,
  createFetchStub,
  errorAnswer,
  jsonAnswer,
  type RecordedCall,
  type Route,
  usdt,
} from "../test-fixtures.ts";
import { SendForm } from "./send-form.tsx";

// Each step waits on a fetch and a render; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const internalResult: WalletSendResult = {
  type: "internal",
  cryptoCurrencyCode: "BTC",
  amount: "0.00200000",
  networkFee: "0.00000000",
  username: "bob",
  address: null,
  transferId: "41",
  withdrawal: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

function Harness({ onSent }: { onSent?: (result: WalletSendResult) => void }) {
  const [code, setCode] = useState("BTC");
  return (
    <SendForm currencies={[btcCurrency, usdt]} code={code} onCodeChange={setCode} {...(onSent ? { onSent } : {})} />
  );
}

function setUp(send: Route | Route[]) {
  const stub = createFetchStub({
    "GET /rest/v1/wallet/send-info": () => jsonAnswer(200, { data: btcSendInfo, meta: null }),
    // The recipient lookup as the username is typed: bob exists, anyone else does not.
    "GET /rest/v1/users/bob": () => jsonAnswer(200, { data: { username: "bob" }, meta: null }),
    "POST /rest/v1/wallet/send": send,
  });
  vi.stubGlobal("fetch", stub.fetchStub);
  return stub;
}

function sends(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.method === "POST" && call.path === "/rest/v1/wallet/send");
}

async function fillAndReview(recipient: { username?: string; address?: string }, amount: string): Promise<void> {
  await screen.findByText("0.25000000 BTC");
  if (recipient.address !== undefined) {
    fireEvent.click(screen.getByText("External address"));
    fireEvent.change(screen.getByLabelText("BTC address"), { target: { value: recipient.address } });
  } else {
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: recipient.username ?? "" } });
  }
  fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: amount } });
  fireEvent.click(screen.getByRole("button", { name: "Review" }));
}

async function confirmDialog(): Promise<HTMLElement> {
  const dialog = await screen.findByRole("dialog");
  fireEvent.click(within(dialog).getByRole("button", { name: /Confirm and send|Try again/ }));
  return dialog;
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  // Toasts live in a store shared by every test of the file.
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe("send form", () => {
  it("shows the network fee, total and remaining balance of a withdrawal before anything is sent", async () => {
    const { calls } = setUp(() => errorAnswer(500, ErrorCode.INTERNAL));
    await renderWithApp(<Harness />, { user: makeCurrentUser() });

    await fillAndReview({ address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }, "0.001");

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Withdrawal")).toBeTruthy();
    expect(within(dialog).getByTestId("wallet-send-fee").textContent).toContain("0.00002000 BTC");
    expect(within(dialog).getByTestId("wallet-send-total").textContent).toContain("0.00102000 BTC");
    expect(within(dialog).getByTestId("wallet-send-remaining").textContent).toContain("0.24898000 BTC");
    expect(sends(calls)).toHaveLength(0);
  });

  it("checks the amount exactly with the currency's decimals before the review", async () => {
    const { calls } = setUp(() => jsonAnswer(200, { data: internalResult, meta: null }));
    await renderWithApp(<Harness />, { user: makeCurrentUser() });

    await fillAndReview({ username: "bob" }, "0.000000001");

    expect(await screen.findByText("This currency has at most 8 decimals.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sends(calls)).toHaveLength(0);
  });

  it("fills in the largest amount with Max", async () => {
    setUp(() => jsonAnswer(200, { data: internalResult, meta: null }));
    await renderWithApp(<Harness />, { user: makeCurrentUser() });
    await screen.findByText("0.25000000 BTC");

    fireEvent.click(screen.getByText("External address"));
    fireEvent.click(screen.getByRole("button", { name: "Max: the largest amount you can send" }));

    expect((screen.getByRole("textbox", { name: "Amount" }) as HTMLInputElement).value).toBe("0.24998");
  });

  it("sends once confirmed, with an Idempotency-Key, and reports the transfer", async () => {
    const { calls } = setUp(() => jsonAnswer(200, { data: internalResult, meta: null }));
    const onSent = vi.fn();
    await renderWithApp(<Harness onSent={onSent} />, { user: makeCurrentUser() });

    await fillAndReview({ username: " bob " }, "0.002");
    await confirmDialog();

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(internalResult));
    const [call] = sends(calls);
    expect(call?.body).toEqual({ cryptoCurrencyCode: "BTC", amount: "0.002", username: "bob" });
    expect(call?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText("Sent 0.00200000 BTC to bob.")).toBeTruthy();
  });

  it("retries an unanswered send with the same key, and a later send with a new one", async () => {
    const { calls } = setUp([
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => jsonAnswer(200, { data: internalResult, meta: null }),
      () => jsonAnswer(200, { data: internalResult, meta: null }),
    ]);
    await renderWithApp(<Harness />, { user: makeCurrentUser() });

    await fillAndReview({ username: "bob" }, "0.002");
    const dialog = await confirmDialog();
    expect((await within(dialog).findByTestId("wallet-send-error")).textContent).toContain("could not reach Souk");
    fireEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    await screen.findByText("Sent 0.00200000 BTC to bob.");

    await fillAndReview({ username: "bob" }, "0.002");
    await confirmDialog();
    await waitFor(() => expect(sends(calls)).toHaveLength(3));

    const [first, retry, next] = sends(calls).map((call) => call.headers["idempotency-key"]);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it("puts the server's field refusals back on the form", async () => {
    setUp(() => errorAnswer(409, LedgerErrorCode.INSUFFICIENT_BALANCE, { amount: ["insufficient_balance"] }));
    await renderWithApp(<Harness />, { user: makeCurrentUser() });

    await fillAndReview({ username: "bob" }, "0.2");
    await confirmDialog();

    expect(await screen.findByText("Your balance is too low for this amount.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says an unknown username as it is typed, and sends nothing", async () => {
    const { calls } = setUp(() => jsonAnswer(200, { data: internalResult, meta: null }));
    await renderWithApp(<Harness />, { user: makeCurrentUser() });
    await screen.findByText("0.25000000 BTC");

    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "nobody" } });

    expect(await screen.findByText("No Souk user has this username.")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "0.01" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sends(calls)).toHaveLength(0);
  });

  it("says at once that the amount is more than the balance, never a negative balance", async () => {
    setUp(() => jsonAnswer(200, { data: internalResult, meta: null }));
    await renderWithApp(<Harness />, { user: makeCurrentUser() });
    await screen.findByText("0.25000000 BTC");

    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "5.2" } });

    expect(await screen.findByText(/You can send at most/)).toBeTruthy();
    expect(screen.getByTestId("wallet-send-remaining").textContent).toContain("More than your balance");
    expect(screen.getByTestId("wallet-send-remaining").textContent).not.toContain("-");
  });

  it("maps a refusal of the server onto the username field", async () => {
    setUp(() => errorAnswer(422, ErrorCode.INPUT_VALIDATION, { username: ["user_unknown"] }));
    await renderWithApp(<Harness />, { user: makeCurrentUser() });

    await fillAndReview({ username: "bob" }, "0.01");
    await confirmDialog();

    expect(await screen.findByText("No Souk user has this username.")).toBeTruthy();
  });

  it("asks for the second factor only when the server requires it, and sends it", async () => {
    const { calls } = setUp([
      () => errorAnswer(403, WalletErrorCode.SECOND_FACTOR_REQUIRED, { twoFactorCode: ["second_factor_required"] }),
      () => jsonAnswer(200, { data: internalResult, meta: null }),
    ]);
    await renderWithApp(<Harness />, { user: makeCurrentUser() });

    await fillAndReview({ username: "bob" }, "0.002");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("Two-factor code")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and send" }));

    const codeField = await within(dialog).findByLabelText("Two-factor code");
    fireEvent.change(codeField, { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and send" }));

    await screen.findByText("Sent 0.00200000 BTC to bob.");
    const [first, second] = sends(calls);
    expect(second?.body).toEqual({
      cryptoCurrencyCode: "BTC",
      amount: "0.002",
      username: "bob",
      twoFactorCode: "123456",
    });
    expect(second?.headers["idempotency-key"]).not.toBe(first?.headers["idempotency-key"]);
  });

  it("reads in French on a French page", async () => {
    setUp(() => jsonAnswer(200, { data: internalResult, meta: null }));
    await renderWithApp(<Harness />, { user: makeCurrentUser(), locale: "fr", path: "/fr/wallet" });

    expect(await screen.findByText("Solde restant")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Vérifier" })).toBeTruthy();
    expect(screen.getByText("Adresse externe")).toBeTruthy();
  });
});
