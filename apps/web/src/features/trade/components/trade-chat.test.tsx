// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { createFetchStub, errorAnswer, jsonAnswer } from "../test-fixtures.ts";
import { TradeChat } from "./trade-chat.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function message(messageId: number, text: string) {
  return {
    kind: "user",
    id: `m${messageId}`,
    messageId,
    author: { username: "bob", role: "buyer" },
    isMine: false,
    text,
    attachments: [],
    createdAt: `2026-11-21T10:${String(messageId).padStart(2, "0")}:00.000Z`,
  };
}

function page(items: unknown[], hasMoreBefore: boolean) {
  return {
    data: items,
    meta: {
      canPost: true,
      blockReason: null,
      lastMessageId: 0,
      lastEventSeq: 0,
      hasMoreBefore,
      hasMoreAfter: false,
      attachmentsLeft: 30,
    },
  };
}

const started = {
  kind: "system",
  id: "e1",
  eventSeq: 1,
  event: "trade_started",
  actorRole: "buyer",
  status: "active_funded",
  data: {},
  createdAt: "2026-11-21T10:00:00.000Z",
};

// The composer's autosizing textarea listens for font loads; happy-dom has no document.fonts.
beforeAll(() => {
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("trade chat paging", () => {
  it("loads earlier messages before the oldest one shown and puts them above", async () => {
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/chat": (call) =>
        call.query.get("before") === "20"
          ? jsonAnswer(200, page([started, message(3, "First hello")], false))
          : jsonAnswer(200, page([message(20, "Sent the money"), message(21, "Received?")], true)),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeChat tradeId="T1abc" />, { user: makeCurrentUser() });

    expect(await screen.findByText("Sent the money")).toBeTruthy();
    expect(screen.queryByText("First hello")).toBeNull();
    expect(calls[0]?.query.get("before")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load earlier messages" }));

    expect(await screen.findByText("First hello")).toBeTruthy();
    const older = calls.find((call) => call.query.get("before") !== null);
    expect(older?.query.get("before")).toBe("20");
    const texts = screen.getAllByTestId("chat-message").map((line) => line.textContent ?? "");
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain("First hello");
    expect(texts[1]).toContain("Sent the money");
    expect(texts[2]).toContain("Received?");
    expect(screen.getAllByTestId("chat-system")).toHaveLength(1);
    expect(screen.getByText("This is the beginning of the chat.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load earlier messages" })).toBeNull();
  });

  it("keeps the messages shown when an earlier page fails and says why", async () => {
    const { fetchStub } = createFetchStub({
      "GET /rest/v1/trade/T1abc/chat": (call) =>
        call.query.get("before")
          ? errorAnswer(404, "ERROR_TRADE_NOT_FOUND", "This trade does not exist.")
          : jsonAnswer(200, page([message(20, "Sent the money")], true)),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeChat tradeId="T1abc" />, { user: makeCurrentUser() });

    fireEvent.click(await screen.findByRole("button", { name: "Load earlier messages" }));

    expect(await screen.findByText("This trade does not exist.")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Sent the money")).toBeTruthy());
  });
});

describe("a bank account shared in the chat", () => {
  const account = {
    holderName: "Vera Payee",
    bankName: "Commerzbank",
    countryIso: "DE",
    accountNumber: "DE89370400440532013000",
    iban: "DE89370400440532013000",
    swiftCode: null,
    routingNumber: null,
    ifsc: null,
    clabe: null,
    additionalInfo: null,
  };
  const shared = {
    kind: "system",
    id: "e4",
    eventSeq: 4,
    event: "bank_account_shared",
    actorRole: "seller",
    status: null,
    data: { bankAccount: account },
    createdAt: "2026-11-21T10:05:00.000Z",
  };

  it("shows the account with its copy buttons, and the seller shares another one from the chat", async () => {
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/chat": () => jsonAnswer(200, page([started, shared], false)),
      "GET /rest/v1/bankaccounts": () =>
        jsonAnswer(200, {
          data: [
            {
              ...account,
              id: 12,
              countryId: 276,
              fiatCurrencyId: 145,
              fiatCurrencyCode: "EUR",
              holderType: "User",
              isPersonal: true,
              bankId: null,
              state: null,
              city: null,
              zip: null,
              address: null,
              offerIds: [],
              createdAt: "2026-11-01T10:00:00.000Z",
              updatedAt: "2026-11-01T10:00:00.000Z",
            },
          ],
          meta: null,
        }),
      "POST /rest/v1/trade/T1abc/chat/bank-account": () =>
        errorAnswer(
          409,
          "ERROR_PAYMENT_DETAILS_NOT_REVEALED",
          "Share a bank account once the payment details are revealed.",
        ),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeChat tradeId="T1abc" canShareAccount />, { user: makeCurrentUser() });

    const card = await screen.findByTestId("chat-shared-account");
    expect(card.textContent).toContain("Shared bank account");
    expect(card.textContent).toContain("Vera Payee");
    expect(card.textContent).toContain("DE89370400440532013000");
    expect(screen.getByText(/The seller shared a bank account/)).toBeTruthy();

    fireEvent.click(screen.getByTestId("share-bank-account"));
    fireEvent.click(await screen.findByLabelText("Commerzbank · DE89370400440532013000 · Vera Payee"));
    fireEvent.click(screen.getByTestId("share-bank-account-submit"));

    expect(await screen.findByText("You can share an account once the payment details are revealed.")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ bankAccountId: 12 });
  });

  it("offers no share to a viewer who may not share", async () => {
    const { fetchStub } = createFetchStub({
      "GET /rest/v1/trade/T1abc/chat": () => jsonAnswer(200, page([started, { ...shared, data: {} }], false)),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeChat tradeId="T1abc" />, { user: makeCurrentUser() });

    expect((await screen.findAllByTestId("chat-system")).map((line) => line.textContent)).toHaveLength(2);
    expect(screen.queryByTestId("chat-shared-account")).toBeNull();
    expect(screen.queryByTestId("share-bank-account")).toBeNull();
  });
});

describe("trade chat system lines", () => {
  it("says in words how a chargeback went: reported, then confirmed or dismissed", async () => {
    const line = (seq: number, event: string) => ({
      ...started,
      id: `e${seq}`,
      eventSeq: seq,
      event,
      actorRole: event === "chargeback_started" ? "seller" : "moderator",
      status: null,
      createdAt: `2026-11-21T11:0${seq}:00.000Z`,
    });
    const { fetchStub } = createFetchStub({
      "GET /rest/v1/trade/T1abc/chat": () =>
        jsonAnswer(
          200,
          page([line(2, "chargeback_started"), line(3, "chargeback_paid"), line(4, "chargeback_dismissed")], false),
        ),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeChat tradeId="T1abc" />, { user: makeCurrentUser() });

    await waitFor(() => expect(screen.getAllByTestId("chat-system")).toHaveLength(3));
    const texts = screen.getAllByTestId("chat-system").map((node) => node.textContent ?? "");
    expect(texts[0]).toContain("Chargeback reported");
    expect(texts[1]).toContain("Chargeback confirmed by a moderator: the payment was taken back");
    expect(texts[2]).toContain("Chargeback dismissed by a moderator");
  });
});
