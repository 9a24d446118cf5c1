import { z } from "zod";
import { adminOfferSchema } from "./offer-moderation.ts";
import { tradeSummarySchema } from "./trades.ts";
import { walletBalanceSchema } from "./wallet.ts";

/** A session in the operator console: where and when the account logged in, and when it ended. */
export const staffSessionViewSchema = z.object({
  id: z.number().int(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  endedAt: z.string().nullable(),
});
export type StaffSessionView = z.infer<typeof staffSessionViewSchema>;

/**
 * GET /rest/v1/admin/users/{username}/details: the account's balances, latest trades, offers and
 * sessions, for staff (docs/product.md#operator-console).
 */
export const adminUserDetailsSchema = z.object({
  balances: z.array(walletBalanceSchema),
  trades: z.object({ total: z.number().int(), items: z.array(tradeSummarySchema) }),
  offers: z.object({ total: z.number().int(), items: z.array(adminOfferSchema) }),
  sessions: z.array(staffSessionViewSchema),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;
