import { describe, expect, it } from "vitest";
import { headlineIn, openLabelIn } from "./notifications.copy.ts";
import { accountPayloadOf } from "./notifications.domain.ts";

/** A moderation notice's payload, as the feed pass writes it from the fact. */
const payload = (reason: string, text: string | null) =>
  accountPayloadOf({
    event: "offer.moderation_decided",
    subjectId: "AbC123xyz",
    dedupeKey: `offer.moderation_decided:AbC123xyz:${reason}:1`,
    link: "/offer-manager/edit/AbC123xyz",
    reason,
    text,
  });

describe("a moderator's decision on an offer, in a mail's words", () => {
  it("carries the moderator's reason with a rejection, in each locale", () => {
    expect(headlineIn("en", "offer.moderation_decided", payload("offer_rejected", "Outside escrow"))).toBe(
      "Your offer was rejected by a moderator: Outside escrow",
    );
    expect(headlineIn("fr", "offer.moderation_decided", payload("offer_no_appeal", "Toujours hors séquestre"))).toBe(
      "Votre appel a été rejeté, l’offre reste refusée : Toujours hors séquestre",
    );
    expect(headlineIn("en", "offer.moderation_decided", payload("offer_approved", null))).toBe(
      "Your offer was approved and is listed again",
    );
  });

  it("names what the link opens: the offer, a trade, or Souk", () => {
    expect(openLabelIn("en", "offer.moderation_decided")).toBe("Open the offer");
    expect(openLabelIn("fr", "trade.paid")).toBe("Ouvrir la transaction");
    expect(openLabelIn("en", "wallet.deposit_confirmed")).toBe("Open Souk");
  });
});
