import { describe, expect, it } from "vitest";
import { lastSeenColor, lastSeenText } from "./last-seen.ts";

const now = 1_800_000_000;
const ago = (seconds: number) => now - seconds;

describe("last seen", () => {
  it("says Online under one minute", () => {
    expect(lastSeenText(ago(0), now)).toEqual({ key: "online" });
    expect(lastSeenText(ago(59), now)).toEqual({ key: "online" });
    expect(lastSeenText(now + 30, now)).toEqual({ key: "online" });
  });

  it("counts minutes, hours, days and weeks", () => {
    expect(lastSeenText(ago(60), now)).toEqual({ key: "minutes", count: 1 });
    expect(lastSeenText(ago(59 * 60 + 59), now)).toEqual({ key: "minutes", count: 59 });
    expect(lastSeenText(ago(3600), now)).toEqual({ key: "hours", count: 1 });
    expect(lastSeenText(ago(23 * 3600), now)).toEqual({ key: "hours", count: 23 });
    expect(lastSeenText(ago(86400), now)).toEqual({ key: "days", count: 1 });
    expect(lastSeenText(ago(6 * 86400), now)).toEqual({ key: "days", count: 6 });
    expect(lastSeenText(ago(7 * 86400), now)).toEqual({ key: "weeks", count: 1 });
    expect(lastSeenText(ago(12 * 7 * 86400 - 1), now)).toEqual({ key: "weeks", count: 11 });
  });

  it("does not claim Online past twelve weeks", () => {
    expect(lastSeenText(ago(12 * 7 * 86400), now)).toEqual({ key: "longAgo", count: 12 });
    expect(lastSeenText(null, now)).toEqual({ key: "never" });
  });

  it("colours under 30 minutes success and under 3 hours warning", () => {
    expect(lastSeenColor(ago(29 * 60 + 59), now)).toBe("success");
    expect(lastSeenColor(ago(30 * 60), now)).toBe("warning");
    expect(lastSeenColor(ago(3 * 3600 - 1), now)).toBe("warning");
    expect(lastSeenColor(ago(3 * 3600), now)).toBe("default");
    expect(lastSeenColor(null, now)).toBe("default");
  });
});
