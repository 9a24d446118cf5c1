import { ErrorCode, TradeErrorCode } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { startTradeProblem } from "./start-trade-errors.ts";

function apiError(status: number, code: string, details: Record<string, unknown> | null = null): ApiError {
  return new ApiError(
    status,
    { errors: { message: "refused", code, details } },
    { method: "POST", url: "/rest/v1/trade" },
  );
}

describe("trade start refusals", () => {
  it("name the amount problem the server found, with its limit", () => {
    expect(
      startTradeProblem(apiError(422, ErrorCode.INPUT_VALIDATION, { fiatAmount: ["amount_above_max"], limit: "87" })),
    ).toEqual({ key: "start.errors.amount.amount_above_max", values: { limit: "87" } });
  });

  it("name the spec's start errors", () => {
    expect(startTradeProblem(apiError(403, TradeErrorCode.MAX_PER_TRADE_LIMIT)).key).toBe(
      "start.errors.max_per_trade_limit",
    );
    expect(startTradeProblem(apiError(409, TradeErrorCode.INSUFFICIENT_BALANCE)).key).toBe(
      "start.errors.insufficientBalance",
    );
    expect(startTradeProblem(apiError(403, ErrorCode.USER_RESTRICTED, { restriction: "frozen" })).key).toBe(
      "start.errors.userRestricted",
    );
  });

  it("list the requirements the visitor does not meet", () => {
    expect(
      startTradeProblem(
        apiError(403, TradeErrorCode.OFFER_REQUIREMENTS_NOT_MET, { requirements: ["require_verified_id"] }),
      ),
    ).toEqual({ key: "start.errors.requirements", requirements: ["require_verified_id"] });
  });

  it("fall back to a plain sentence for anything else", () => {
    expect(startTradeProblem(new Error("boom")).key).toBe("start.errors.default");
    expect(startTradeProblem(apiError(0, "ERROR_NETWORK")).key).toBe("start.errors.network");
  });
});
