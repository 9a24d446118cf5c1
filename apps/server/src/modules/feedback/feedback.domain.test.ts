import { describe, expect, it } from "vitest";
import { countsDeltaOf, feedbackTypeOf, isRatable, nextPageUrlOf } from "./feedback.domain.ts";

describe("feedback rules", () => {
  it("types feedback 'sell' from buyers and 'buy' from sellers", () => {
    expect(feedbackTypeOf("buyer")).toBe("sell");
    expect(feedbackTypeOf("seller")).toBe("buy");
  });

  it("rates only trades that finished with a result", () => {
    expect(isRatable({ isFinished: true, isVoided: false })).toBe(true);
    expect(isRatable({ isFinished: true, isVoided: true })).toBe(false);
    expect(isRatable({ isFinished: false, isVoided: false })).toBe(false);
  });

  it("moves one counter by one", () => {
    expect(countsDeltaOf("positive")).toEqual({ feedbackPositive: 1, feedbackNegative: 0 });
    expect(countsDeltaOf("negative")).toEqual({ feedbackPositive: 0, feedbackNegative: 1 });
  });

  it("links the next page with the same filters, and nothing after the last", () => {
    expect(nextPageUrlOf("bob", { page: 1, perPage: 10, type: "sell", rating: "negative" }, 3)).toBe(
      "/rest/v1/feedback/bob?page=2&type=sell&rating=negative",
    );
    expect(nextPageUrlOf("bob", { page: 2, perPage: 5 }, 3)).toBe("/rest/v1/feedback/bob?page=3&perPage=5");
    expect(nextPageUrlOf("bob", { page: 3, perPage: 10 }, 3)).toBeNull();
  });
});
