import { describe, expect, it } from "vitest";
import { pollDeadline } from "./jobs.ts";

describe("pollDeadline", () => {
  const minute = Date.UTC(2026, 0, 1, 12, 0, 0);

  it("reads past the next whole minute, by when the schedule has queued the next run", () => {
    expect(pollDeadline(minute)).toBe(minute + 60_000 + 45_000);
    expect(pollDeadline(minute + 10_000)).toBe(minute + 60_000 + 45_000);
    expect(pollDeadline(minute + 59_999)).toBe(minute + 60_000 + 45_000);
  });

  it("leaves no gap: a run started when the previous one ends covers the following minute", () => {
    const first = pollDeadline(minute + 20_000);
    const second = pollDeadline(first + 2_000);
    expect(second - first).toBe(60_000);
    expect(second).toBeGreaterThan(minute + 120_000 + 30_000);
  });
});
