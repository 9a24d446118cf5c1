import { z } from "zod";
import { adminOfferSchema } from "./offer-moderation.ts";
import { tradeSummarySchema } from "./trades.ts";
import { verificationSubmissionSchema } from "./verification.ts";
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

/** One account in a relation list of the operator console: who, and since when. */
const staffRelationSchema = z.object({ username: z.string(), since: z.string() });
const staffRelationListSchema = z.object({ total: z.number().int(), items: z.array(staffRelationSchema) });

/**
 * GET /rest/v1/admin/users/{username}/relations: whom the account trusts and blocks, and who trusts
 * and blocks it; each list's total and its newest entries.
 */
export const adminUserRelationsSchema = z.object({
  trusts: staffRelationListSchema,
  blocks: staffRelationListSchema,
  trustedBy: staffRelationListSchema,
  blockedBy: staffRelationListSchema,
});
export type AdminUserRelations = z.infer<typeof adminUserRelationsSchema>;

/** GET /rest/v1/admin/users/{username}/verifications: the account's submissions, newest first, with their documents. */
export const adminUserVerificationsSchema = z.array(verificationSubmissionSchema);
