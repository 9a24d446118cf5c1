import { describe, expect, it } from "vitest";
import { specialBalanceNotice } from "./users.domain.ts";

describe("specialBalanceNotice", () => {
  it("is 1 for a closed account, 0 for a frozen one, none otherwise", () => {
    expect(specialBalanceNotice({ closed_at: new Date(), is_frozen: true })).toBe(1);
    expect(specialBalanceNotice({ closed_at: null, is_frozen: true })).toBe(0);
    expect(specialBalanceNotice({ closed_at: null, is_frozen: false })).toBeNull();
  });
});
