import { type OfferModerationOutcome, OfferModerationStatus, PAGE_PATHS } from "@souk/contracts";
import type { Tx } from "../../db/pool.ts";
import { announceAccountEvent } from "../../realtime/index.ts";
import type { ModerationStatus } from "./moderation.domain.ts";

/**
 * Pure: what the vendor hears when a moderator moves their offer to `to`, or null for a status
 * no moderator sets (an appeal is the vendor's own step). The reason travels only with a
 * rejection: an approval's reason is the staff's note in the audit log.
 */
export function moderationNoticeOf(
  to: ModerationStatus,
  reason: string,
): { outcome: OfferModerationOutcome; text: string | null } | null {
  switch (to) {
    case OfferModerationStatus.rejected:
      return { outcome: "offer_rejected", text: reason };
    case OfferModerationStatus.noAppeal:
      return { outcome: "offer_no_appeal", text: reason };
    case OfferModerationStatus.approved:
      return { outcome: "offer_approved", text: null };
    default:
      return null;
  }
}

/**
 * Tells the vendor of a moderator's decision (`offer.moderation_decided`, the one event catalogue:
 * docs/decisions/112-one-event-catalogue.md), in the decision's transaction: in-app and by mail as
 * their settings for offers say. The key carries the moment, so a second rejection is told again.
 */
export async function announceModerationDecision(
  tx: Tx,
  offer: { id_hashed: string; user_id: bigint | number },
  to: ModerationStatus,
  reason: string,
): Promise<void> {
  const notice = moderationNoticeOf(to, reason);
  if (!notice) return;
  await announceAccountEvent(tx, Number(offer.user_id), {
    event: "offer.moderation_decided",
    subjectId: offer.id_hashed,
    dedupeKey: `offer.moderation_decided:${offer.id_hashed}:${notice.outcome}:${Date.now()}`,
    link: PAGE_PATHS.offerEdit.replace(":id", offer.id_hashed),
    reason: notice.outcome,
    text: notice.text,
  });
}
