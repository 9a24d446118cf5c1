import { describe, expect, it } from "vitest";
import { type PendingMail, planMail } from "./notifications.mail-plan.ts";

const now = new Date("2026-01-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

function row(id: number, overrides: Partial<PendingMail>): PendingMail {
  return {
    id: BigInt(id),
    userId: 1,
    event: "trade.chat_message_received",
    subjectId: "T1",
    createdAt: now,
    intervalMinutes: 10,
    ...overrides,
  };
}

describe("what the e-mail channel sends now", () => {
  it("sends everything but chat at once", () => {
    const plan = planMail([row(1, { event: "trade.paid" }), row(2, { event: "feedback.received" })], now);
    expect(plan.singles.map((r) => r.id)).toEqual([1n, 2n]);
    expect(plan.digests).toEqual([]);
  });

  it("holds a trade's messages until the oldest is an interval old, then sends them together", () => {
    const young = [row(1, { createdAt: minutesAgo(9) }), row(2, { createdAt: minutesAgo(1) })];
    expect(planMail(young, now).digests).toEqual([]);
    const due = [row(1, { createdAt: minutesAgo(10) }), row(2, { createdAt: minutesAgo(1) })];
    expect(planMail(due, now).digests.map((group) => group.map((r) => r.id))).toEqual([[1n, 2n]]);
  });

  it("keeps trades and users apart, and sends at once with an interval of 0", () => {
    const rows = [
      row(1, { createdAt: minutesAgo(11) }),
      row(2, { subjectId: "T2", createdAt: minutesAgo(2) }),
      row(3, { userId: 2, intervalMinutes: 0 }),
      row(4, { event: "trade.attachment_uploaded", createdAt: minutesAgo(12) }),
    ];
    expect(planMail(rows, now).digests.map((group) => group.map((r) => r.id))).toEqual([[1n, 4n], [3n]]);
  });
});
