import type { Notification } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { isNews, planToasts } from "./toast-plan.ts";

const item = (id: string) => ({ id, event: "trade.paid", subjectId: `T${id}` }) as Notification;
const directMessage = (id: string, from: string) =>
  ({ id, event: "messenger.message_received", subjectId: from }) as Notification;

describe("which notifications toast", () => {
  it("takes as news only the events after the one that was newest when the page began listening", () => {
    expect(isNews(11, 10)).toBe(true);
    expect(isNews(10, 10)).toBe(false);
    expect(isNews(3, 10)).toBe(false);
    expect(isNews(3, null)).toBe(true);
  });

  it("shows one toast for one, one summary for several, nothing for what the list does not hold", () => {
    const items = [item("7"), item("6"), item("5")];
    expect(planToasts(["6"], items)).toEqual({ kind: "one", item: items[1] });
    expect(planToasts(["7", "6", "5"], items)).toEqual({ kind: "summary", count: 3 });
    expect(planToasts(["7", "9"], items)).toEqual({ kind: "one", item: items[0] });
    expect(planToasts(["9"], items)).toEqual({ kind: "none" });
    expect(planToasts([], items)).toEqual({ kind: "none" });
  });

  it("makes no toast of a direct message from the conversation that is open", () => {
    const items = [directMessage("9", "Alice"), directMessage("8", "bob"), item("7")];
    expect(planToasts(["9"], items, "alice")).toEqual({ kind: "none" });
    expect(planToasts(["9"], items, "bob")).toEqual({ kind: "one", item: items[0] });
    expect(planToasts(["9"], items, null)).toEqual({ kind: "one", item: items[0] });
    expect(planToasts(["9", "8", "7"], items, "alice")).toEqual({ kind: "summary", count: 2 });
  });
});
