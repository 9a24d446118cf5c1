import { describe, expect, it } from "vitest";
import { isAlreadyThere, subscriptionStartOf } from "./realtime.subscription-start.ts";

const cutoffMs = Date.parse("2026-11-28T12:00:00.000Z");
const at = (id: number, iso: string) => ({ id, createdAt: iso });

describe("isAlreadyThere", () => {
  const start = subscriptionStartOf({ newestId: 20, cutoffMs, recentIds: [15, 20] });

  it("counts the events seen when the subscription began as there", () => {
    expect(isAlreadyThere(start, at(15, "2026-11-28T12:00:30.000Z"))).toBe(true);
    expect(isAlreadyThere(start, at(20, "2026-11-28T12:00:40.000Z"))).toBe(true);
  });

  it("counts an older event up to the newest id as there", () => {
    expect(isAlreadyThere(start, at(3, "2026-11-28T11:58:00.000Z"))).toBe(true);
    expect(isAlreadyThere(start, at(20, "2026-11-28T12:00:00.000Z"))).toBe(true);
  });

  it("takes a recent event with a smaller id it did not see as news: it committed later", () => {
    expect(isAlreadyThere(start, at(17, "2026-11-28T12:00:35.000Z"))).toBe(false);
  });

  it("takes every id above the newest as news, however old its transaction", () => {
    expect(isAlreadyThere(start, at(21, "2026-11-28T11:50:00.000Z"))).toBe(false);
  });

  it("counts what was replayed to the client as there", () => {
    const replayed = subscriptionStartOf({ newestId: 5, cutoffMs, recentIds: [] });
    replayed.seenIds.add(6);
    expect(isAlreadyThere(replayed, at(6, "2026-11-28T12:01:00.000Z"))).toBe(true);
  });
});
