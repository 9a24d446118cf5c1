import { z } from "zod";
import { BLOCKED_KYC_ACTIONS, USER_ROLES } from "./enums.ts";
import { pageQuerySchema } from "./envelope.ts";

/**
 * The operator console (docs/product.md#operator-console): the audit log of staff actions and the
 * restrictions staff put on accounts. Supermods and admins run users; admins grant roles.
 */

/** The restriction kinds staff set on an account (the spec's restricted states, in snake case). */
export const RESTRICTION_KINDS = ["banned", "suspended", "frozen", "on_hold", "restricted", "compromised"] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];
export const restrictionKindSchema = z.enum(RESTRICTION_KINDS, { message: "kind_invalid" });

/** The roles staff grant and revoke; the others come with the account (vendor, demo, ...). */
export const GRANTABLE_ROLES = ["moderator", "supermod", "admin"] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const AdminErrorCode = {
  /** The action names the caller's own account. */
  STAFF_ACTION_ON_SELF: "ERROR_STAFF_ACTION_ON_SELF",
  /** The account holds a role as high as the caller's or higher. */
  STAFF_ACTION_ON_HIGHER_ROLE: "ERROR_STAFF_ACTION_ON_HIGHER_ROLE",
  /** The account is closed: nothing more is done to it. */
  STAFF_ACTION_ON_CLOSED_ACCOUNT: "ERROR_STAFF_ACTION_ON_CLOSED_ACCOUNT",
  /** The restriction or role is already in the state asked for (also the loser of two at once). */
  ALREADY_RESTRICTED: "ERROR_ALREADY_RESTRICTED",
  NOT_RESTRICTED: "ERROR_NOT_RESTRICTED",
  ROLE_UNCHANGED: "ERROR_ROLE_UNCHANGED",
} as const;
export type AdminErrorCode = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];

/** Who acted: a staff member through the API, the operator CLI, or a job (an expiry). */
export const AUDIT_ACTOR_KINDS = ["user", "cli", "job"] as const;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorUsername: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const searchText = z.string().trim().max(100, { message: "too_long" });

/** GET /rest/v1/admin/audit: filters combine; `q` matches the action, the subject or the reason. */
export const auditQuerySchema = pageQuerySchema.extend({
  q: searchText.optional(),
  actor: searchText.optional(),
  action: searchText.optional(),
  subjectType: searchText.optional(),
  subjectId: searchText.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const adminRestrictionSchema = z.object({
  kind: restrictionKindSchema,
  reason: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AdminRestriction = z.infer<typeof adminRestrictionSchema>;

/** A row of GET /rest/v1/admin/users. */
export const adminUserSummarySchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  username: z.string(),
  email: z.string(),
  roles: z.array(z.enum(USER_ROLES)),
  restrictions: z.array(restrictionKindSchema),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

/** GET /rest/v1/admin/users/{username}: the account, its restrictions and what staff did to it. */
export const adminUserSchema = adminUserSummarySchema.extend({
  lastSeenAt: z.string().nullable(),
  activeRestrictions: z.array(adminRestrictionSchema),
  /** The KYC actions refused to the account (403 ERROR_KYC_ACTION_BLOCKED on each). */
  blockedKycActions: z.array(z.string()),
  audit: z.array(auditEntrySchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /rest/v1/admin/users: `q` is a username, an e-mail, a numeric id or an external id. */
export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: searchText.default(""),
});

export const adminUsernameParamsSchema = z.object({
  username: z.string().min(1).max(64),
});

export const staffReasonSchema = z
  .string({ message: "reason_required" })
  .trim()
  .min(3, { message: "reason_required" })
  .max(500, { message: "too_long" });

/** POST /rest/v1/admin/users/{username}/restrictions. */
export const restrictRequestSchema = z.object({
  kind: restrictionKindSchema,
  reason: staffReasonSchema,
  /** When the restriction lifts by itself; none keeps it until staff lift it. */
  until: z.iso.datetime({ offset: true, message: "until_invalid" }).nullish(),
});
export type RestrictRequest = z.infer<typeof restrictRequestSchema>;

/** POST /rest/v1/admin/users/{username}/restrictions/{kind}/lift. */
export const liftRestrictionParamsSchema = adminUsernameParamsSchema.extend({ kind: restrictionKindSchema });
export const liftRestrictionRequestSchema = z.object({
  reason: z.string().trim().max(500, { message: "too_long" }).default(""),
});

/** POST /rest/v1/admin/users/{username}/roles (grant) and .../roles/{role}/revoke (admins). */
export const grantRoleRequestSchema = z.object({
  role: z.enum(GRANTABLE_ROLES, { message: "role_invalid" }),
  reason: staffReasonSchema,
});
export const revokeRoleParamsSchema = adminUsernameParamsSchema.extend({
  role: z.enum(GRANTABLE_ROLES, { message: "role_invalid" }),
});
export const revokeRoleRequestSchema = z.object({ reason: staffReasonSchema });

const kycActionSchema = z.enum(BLOCKED_KYC_ACTIONS, { message: "action_invalid" });

/** POST /rest/v1/admin/users/{username}/blocked-actions: refuse one KYC action to the account. */
export const blockKycActionRequestSchema = z.object({ action: kycActionSchema, reason: staffReasonSchema });
/** POST /rest/v1/admin/users/{username}/blocked-actions/{action}/lift. */
export const unblockKycActionParamsSchema = adminUsernameParamsSchema.extend({ action: kycActionSchema });
export const unblockKycActionRequestSchema = z.object({ reason: staffReasonSchema });
