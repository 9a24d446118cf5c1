import type { NotificationPayload } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { PUSH_RETRY_DELAYS_MS, pushMessageOf, pushVerdictOf } from "./push.domain.ts";
import { vapidSubjectOf } from "./push.keys.ts";

const answer = (status: number | null, failure: "address_refused" | "timeout" | "connection" | null = null) => ({
  status,
  failure,
});

describe("pushVerdictOf", () => {
  it("counts any 2xx as delivered", () => {
    expect(pushVerdictOf(answer(201), 0)).toEqual({ kind: "delivered" });
    expect(pushVerdictOf(answer(200), 3)).toEqual({ kind: "delivered" });
  });

  it("takes 404 and 410 as a subscription that is gone", () => {
    expect(pushVerdictOf(answer(404), 0)).toEqual({ kind: "gone" });
    expect(pushVerdictOf(answer(410), 4)).toEqual({ kind: "gone" });
  });

  it("retries 429, 5xx, timeouts and failed connections with growing waits, then gives up", () => {
    expect(pushVerdictOf(answer(429), 0)).toEqual({ kind: "retry", afterMs: 5_000 });
    expect(pushVerdictOf(answer(503), 1)).toEqual({ kind: "retry", afterMs: 60_000 });
    expect(pushVerdictOf(answer(null, "timeout"), 2)).toEqual({ kind: "retry", afterMs: 300_000 });
    expect(pushVerdictOf(answer(null, "connection"), 3)).toEqual({ kind: "retry", afterMs: 1_800_000 });
    expect(pushVerdictOf(answer(500), PUSH_RETRY_DELAYS_MS.length)).toEqual({ kind: "given_up" });
  });

  it("gives up at once where a retry would get the same answer", () => {
    expect(pushVerdictOf(answer(400), 0)).toEqual({ kind: "given_up" });
    expect(pushVerdictOf(answer(403), 0)).toEqual({ kind: "given_up" });
    expect(pushVerdictOf(answer(413), 0)).toEqual({ kind: "given_up" });
    expect(pushVerdictOf(answer(null, "address_refused"), 0)).toEqual({ kind: "given_up" });
  });
});

const payload: NotificationPayload = {
  cryptoAmount: "10.000000",
  cryptoCurrencyCode: "USDT",
  fiatAmount: "100.00",
  fiatCurrencyCode: "USD",
  paymentMethodName: "Bank transfer",
  counterparty: "alice",
  paymentWindowEndsAt: "2026-01-01T10:30:00.000Z",
  paymentWindowSecondsLeft: 1800,
  text: null,
  rating: null,
  link: "/trade/abc123",
};

describe("pushMessageOf", () => {
  it("carries the headline, the amounts, the payment method, the time left and the link", () => {
    const message = pushMessageOf(
      { event: "trade.started", subjectId: "abc123", payload },
      "en",
      "https://souk.example",
      new Date("2026-01-01T10:00:00.000Z"),
    );
    expect(message).toEqual({
      title: "alice started a trade with you",
      body: "100.00 USD for 10.000000 USDT · Bank transfer\n30 min left to pay",
      link: "https://souk.example/trade/abc123",
      tag: "trade-abc123",
    });
  });

  it("speaks the user's locale and adds a message's first words", () => {
    const message = pushMessageOf(
      { event: "trade.chat_message_received", subjectId: "abc123", payload: { ...payload, text: "Bonjour !" } },
      "fr",
      "https://souk.example",
      new Date("2026-01-01T11:00:00.000Z"),
    );
    expect(message.title).toBe("alice a écrit dans la discussion de la transaction");
    expect(message.body).toBe(
      "100.00 USD pour 10.000000 USDT · Bank transfer\nLe délai de paiement est écoulé\nBonjour !",
    );
  });
});

describe("vapidSubjectOf", () => {
  it("takes WEB_PUSH_SUBJECT, else MAIL_FROM's address as mailto:", () => {
    expect(vapidSubjectOf({ WEB_PUSH_SUBJECT: "https://souk.example", MAIL_FROM: "x" })).toBe("https://souk.example");
    expect(vapidSubjectOf({ WEB_PUSH_SUBJECT: undefined, MAIL_FROM: "Souk <no-reply@souk.local>" })).toBe(
      "mailto:no-reply@souk.local",
    );
    expect(vapidSubjectOf({ WEB_PUSH_SUBJECT: undefined, MAIL_FROM: "ops@souk.local" })).toBe("mailto:ops@souk.local");
  });
});
