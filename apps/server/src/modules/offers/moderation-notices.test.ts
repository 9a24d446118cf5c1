import { OfferModerationStatus } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { moderationNoticeOf } from "./moderation-notices.ts";

describe("what a vendor hears of a moderator's decision", () => {
  it("carries the reason with a rejection and with an appeal turned down", () => {
    expect(moderationNoticeOf(OfferModerationStatus.rejected, "Outside escrow")).toEqual({
      outcome: "offer_rejected",
      text: "Outside escrow",
    });
    expect(moderationNoticeOf(OfferModerationStatus.noAppeal, "Still outside escrow")).toEqual({
      outcome: "offer_no_appeal",
      text: "Still outside escrow",
    });
  });

  it("tells an approval without the staff's note", () => {
    expect(moderationNoticeOf(OfferModerationStatus.approved, "Terms fixed")).toEqual({
      outcome: "offer_approved",
      text: null,
    });
  });

  it("tells nothing of an appeal, the vendor's own step", () => {
    expect(moderationNoticeOf(OfferModerationStatus.appealed, "")).toBeNull();
  });
});
