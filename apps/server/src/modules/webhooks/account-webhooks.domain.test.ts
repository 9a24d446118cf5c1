import { describe, expect, it } from "vitest";
import {
  challengeErrorKey,
  DISABLE_AFTER_FAILING_MS,
  isVerifiedFor,
  judgeAttempt,
  orderedEvents,
  RETRY_DELAYS_SECONDS,
  webhookView,
} from "./account-webhooks.domain.ts";

const now = new Date("2026-01-01T12:00:00Z");
const echoed = { status: 200, failure: null, echoedChallenge: "abc" } as const;

describe("challengeErrorKey", () => {
  it("passes a 2xx that echoes the challenge", () => {
    expect(challengeErrorKey(echoed, "abc")).toBeNull();
  });
  it("names each failure", () => {
    expect(challengeErrorKey({ ...echoed, echoedChallenge: "abd" }, "abc")).toBe("challenge_mismatch");
    expect(challengeErrorKey({ ...echoed, echoedChallenge: undefined }, "abc")).toBe("challenge_mismatch");
    expect(challengeErrorKey({ ...echoed, status: 500 }, "abc")).toBe("bad_status");
    expect(challengeErrorKey({ ...echoed, status: 302 }, "abc")).toBe("bad_status");
    expect(challengeErrorKey({ status: null, failure: "timeout", echoedChallenge: undefined }, "abc")).toBe("timeout");
    expect(challengeErrorKey({ status: null, failure: "connection", echoedChallenge: undefined }, "abc")).toBe(
      "unreachable",
    );
    expect(challengeErrorKey({ status: null, failure: "address_refused", echoedChallenge: undefined }, "abc")).toBe(
      "address_refused",
    );
  });
});

describe("judgeAttempt", () => {
  it("delivers on a 2xx and clears the failing time", () => {
    expect(judgeAttempt({ status: 204, attempt: 3, failingSince: now, now })).toEqual({
      state: "delivered",
      retryAfterSeconds: null,
      failingSince: null,
      isDisabling: false,
    });
  });
  it("retries with the back-off, then fails after the last delay", () => {
    const delays = RETRY_DELAYS_SECONDS.map((_, index) =>
      judgeAttempt({ status: 500, attempt: index + 1, failingSince: null, now }),
    );
    expect(delays.map((verdict) => verdict.retryAfterSeconds)).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    expect(delays.every((verdict) => verdict.state === "pending" && verdict.failingSince === now)).toBe(true);
    expect(judgeAttempt({ status: null, attempt: 8, failingSince: null, now })).toMatchObject({
      state: "failed",
      isDisabling: false,
    });
  });
  it("disables after a day of failures, not a moment before", () => {
    const justUnder = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS + 1);
    const aDay = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS);
    expect(judgeAttempt({ status: 500, attempt: 2, failingSince: justUnder, now }).isDisabling).toBe(false);
    expect(judgeAttempt({ status: 500, attempt: 2, failingSince: aDay, now })).toMatchObject({
      state: "failed",
      isDisabling: true,
      failingSince: aDay,
    });
  });
});

const stored = {
  url: "https://hooks.example.com/souk",
  status: "enabled" as const,
  errorKey: null,
  verifiedUrl: "https://hooks.example.com/souk",
  verifiedAt: new Date(now.getTime() - 60_000),
  events: ["trade.paid"],
};

describe("isVerifiedFor", () => {
  it("needs a recent pass of the same URL", () => {
    expect(isVerifiedFor(stored, stored.url, now)).toBe(true);
    expect(isVerifiedFor(stored, "https://other.example.com", now)).toBe(false);
    expect(isVerifiedFor(null, stored.url, now)).toBe(false);
    expect(isVerifiedFor({ ...stored, verifiedAt: new Date(now.getTime() - 31 * 60_000) }, stored.url, now)).toBe(
      false,
    );
  });
});

describe("webhookView", () => {
  it("is initial with every event checked when nothing is stored", () => {
    const view = webhookView(null, null);
    expect(view.status).toBe("initial");
    expect(view.events.every((event) => event.checked)).toBe(true);
  });
  it("shows the checked events, and the error key with its link only when disabled", () => {
    const view = webhookView(stored, "whsec_x");
    expect(view.events.filter((event) => event.checked).map((event) => event.name)).toEqual(["trade.paid"]);
    expect(view).toMatchObject({ enabled: true, notificationType: "passed", errorKey: null, secret: "whsec_x" });
    const disabled = webhookView({ ...stored, status: "disabled", errorKey: "timeout", verifiedAt: null }, null);
    expect(disabled).toMatchObject({ enabled: false, notificationType: "failed", errorKey: "timeout" });
    expect(disabled.knowledgeLink).toBe("/developers#account-webhooks");
  });
  it("orders the chosen events as the catalogue does", () => {
    expect(orderedEvents(["trade.paid", "trade.started"])).toEqual(["trade.started", "trade.paid"]);
  });
});
