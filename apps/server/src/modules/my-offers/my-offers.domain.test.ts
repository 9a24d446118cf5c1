import { describe, expect, it } from "vitest";
import { bidsOutbidBy, type PeriodBid } from "./my-offers.domain.ts";

const now = new Date("2026-11-01T00:00:00Z");
const day = 86_400_000;
let nextId = 1n;

function periodBid(usdValue: string, fromDay: number, toDay: number, createdAt = now): PeriodBid {
  nextId += 1n;
  return {
    id: nextId,
    usdValue,
    createdAt,
    startsAt: new Date(now.getTime() + fromDay * day),
    endsAt: new Date(now.getTime() + toDay * day),
  };
}

describe("who a new bid outbids", () => {
  it("outbids nobody while a position is free", () => {
    expect(bidsOutbidBy(periodBid("5", 0, 1), [periodBid("9", 0, 1)], 2, now)).toEqual([]);
  });

  it("outbids the lowest bid covering the same moment when the positions are full", () => {
    const low = periodBid("5", 0, 1);
    const high = periodBid("9", 0, 1);
    expect(bidsOutbidBy(periodBid("6", 0, 1), [high, low], 2, now)).toEqual([low]);
  });

  it("is refused when it would be the lowest at some moment of its period", () => {
    const later = periodBid("9", 3, 4);
    const alsoLater = periodBid("8", 3, 5);
    expect(bidsOutbidBy(periodBid("7", 0, 4), [later, alsoLater], 2, now)).toBeNull();
  });

  it("must beat an equal earlier bid, not match it", () => {
    const earlier = periodBid("5", 0, 1, new Date(now.getTime() - 1000));
    expect(bidsOutbidBy(periodBid("5", 0, 1), [earlier], 1, now)).toBeNull();
  });

  it("ignores bids whose periods do not overlap, and the part of its own period already past", () => {
    const before = periodBid("9", -2, -1);
    const after = periodBid("9", 2, 3);
    expect(bidsOutbidBy(periodBid("1", -1, 1), [before, after], 1, now)).toEqual([]);
  });

  it("outbids at each moment the bid that falls out there", () => {
    const first = periodBid("3", 0, 2);
    const second = periodBid("4", 1, 3);
    expect(bidsOutbidBy(periodBid("6", 0, 3), [first, second], 1, now)).toEqual([first, second]);
  });
});
