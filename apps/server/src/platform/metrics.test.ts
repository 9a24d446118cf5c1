import { describe, expect, it } from "vitest";
import { mayReadMetrics } from "./metrics.ts";

describe("who may read /metrics on the main port", () => {
  const token = "a-long-metrics-token-123";

  it("is nobody when no token is configured", () => {
    expect(mayReadMetrics(undefined, undefined)).toBe(false);
    expect(mayReadMetrics("Bearer anything", undefined)).toBe(false);
  });

  it("is a scraper presenting exactly the configured token", () => {
    expect(mayReadMetrics(`Bearer ${token}`, token)).toBe(true);
    expect(mayReadMetrics(`Bearer ${token}x`, token)).toBe(false);
    expect(mayReadMetrics(token, token)).toBe(false);
    expect(mayReadMetrics(undefined, token)).toBe(false);
  });
});
