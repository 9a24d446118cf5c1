import { ErrorCode } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { createIdempotencyKeeper, isOutcomeUnknown, newIdempotencyKey } from "./idempotency.ts";

function apiError(status: number, code: string): ApiError {
  return new ApiError(status, { errors: { message: code, code, details: null } }, { method: "POST", url: "/x" });
}

function counterKeys() {
  let count = 0;
  return () => {
    count += 1;
    return `key-${count}`;
  };
}

const send = { cryptoCurrencyCode: "BTC", amount: "0.1", username: "bob" };

describe("idempotency keys of wallet submissions", () => {
  it("keeps the key when the same submission is tried again after an unclear outcome", () => {
    const keeper = createIdempotencyKeeper(counterKeys());
    const first = keeper.keyFor(send);
    keeper.settle(apiError(0, "ERROR_NETWORK"));
    expect(keeper.keyFor({ ...send })).toBe(first);
    keeper.settle(apiError(503, ErrorCode.LEDGER_BUSY));
    expect(keeper.keyFor(send)).toBe(first);
    keeper.settle(apiError(409, ErrorCode.IDEMPOTENCY_IN_PROGRESS));
    expect(keeper.keyFor(send)).toBe(first);
  });

  it("starts a new submission after a success or a final refusal", () => {
    const keeper = createIdempotencyKeeper(counterKeys());
    expect(keeper.keyFor(send)).toBe("key-1");
    keeper.settle();
    expect(keeper.keyFor(send)).toBe("key-2");
    keeper.settle(apiError(409, "ERROR_INSUFFICIENT_BALANCE"));
    expect(keeper.keyFor(send)).toBe("key-3");
  });

  it("gives a changed submission its own key", () => {
    const keeper = createIdempotencyKeeper(counterKeys());
    const first = keeper.keyFor(send);
    keeper.settle(apiError(0, "ERROR_NETWORK"));
    expect(keeper.keyFor({ ...send, amount: "0.2" })).not.toBe(first);
  });

  it("tells unclear outcomes from answers", () => {
    expect(isOutcomeUnknown(new Error("aborted"))).toBe(true);
    expect(isOutcomeUnknown(apiError(500, ErrorCode.INTERNAL))).toBe(true);
    expect(isOutcomeUnknown(apiError(422, ErrorCode.INPUT_VALIDATION))).toBe(false);
  });

  it("makes version 4 UUIDs", () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
