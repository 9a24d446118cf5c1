import { describe, expect, it } from "vitest";
import { ClientRateLimiter } from "./paxful.rate-limit.ts";

describe("per-client rate limit", () => {
  it("counts each client apart and goes negative past the limit", () => {
    const limiter = new ClientRateLimiter(2);
    expect(limiter.take("a", 0).remaining).toBe(1);
    expect(limiter.take("a", 1).remaining).toBe(0);
    expect(limiter.take("a", 2).remaining).toBe(-1);
    expect(limiter.take("b", 2).remaining).toBe(1);
  });

  it("starts a new window once the minute has passed", () => {
    const limiter = new ClientRateLimiter(1);
    limiter.take("a", 0);
    expect(limiter.take("a", 59_999).remaining).toBe(-1);
    expect(limiter.take("a", 60_000).remaining).toBe(0);
  });
});
