import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";

/**
 * Medals (docs/product.md#public-profile): a medal's code is its identifier, and a user has a list
 * of them. The reputation job awards them from the trades (docs/decisions/139-medals-badges-and-trade-volume.md).
 */
export const MEDALS = [
  "trades_10",
  "trade_volume_10000",
  "trades_gc_100",
  "trades_bt_100",
  "trades_momo_100",
  "trade_days_streak_30",
  "trade_no_dispute_streak_100",
  "trade_no_cancel_streak_100",
  "trade_volume_top_1_percent",
  "first_year_signup",
] as const;
export type Medal = (typeof MEDALS)[number];

export const userMedalSchema = z.object({
  code: z.enum(MEDALS),
  awardedAt: z.string(),
});
export type UserMedal = z.infer<typeof userMedalSchema>;

/** GET /rest/v1/users/{username}/medals: the user's medals, in the order of the list above. */
export const userMedalsResponseSchema = envelopeSchema(z.array(userMedalSchema));
