import { z } from "zod";
import { ACCEPT_CHAT_MESSAGES } from "./enums.ts";
import { envelopeSchema, pageMetaSchema, pageQuerySchema } from "./envelope.ts";

/**
 * Contacts: trusted and blocked users (docs/product.md#contacts) and the chat-visibility setting of
 * the
 * messenger profile (docs/product.md#messenger).
 */

/** POST /rest/v1/users/{username}/relations: the four actions of the spec. */
export const RELATION_ACTIONS = ["block", "unblock", "trust", "untrust"] as const;
export type RelationAction = (typeof RELATION_ACTIONS)[number];

/** Relation states of the spec: what an action leaves behind, in its words. */
export const RELATION_STATES = ["blocked", "unblocked", "trusted", "untrusted"] as const;
export type RelationState = (typeof RELATION_STATES)[number];

export const relationRequestSchema = z.object({
  action: z.enum(RELATION_ACTIONS, { message: "relation_action_invalid" }),
});
export type RelationRequest = z.infer<typeof relationRequestSchema>;

export const relationParamsSchema = z.object({ username: z.string().trim().min(1).max(64) });

/**
 * The viewer's relation to another user after an action, or as it stands
 * (GET /rest/v1/users/{username}/relations: `state` is then trusted, blocked, or untrusted when neither).
 */
export const relationSchema = z.object({
  username: z.string(),
  /** The spec's word for the outcome of the action: blocked, unblocked, trusted or untrusted. */
  state: z.enum(RELATION_STATES),
  /** The viewer trusts this user. */
  isTrusted: z.boolean(),
  /** The viewer blocks this user. */
  isBlocked: z.boolean(),
});
export type Relation = z.infer<typeof relationSchema>;
export const relationResponseSchema = envelopeSchema(relationSchema);

/** One row of the trusted or blocked list. */
export const contactSchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  /** Epoch seconds, like the public profile. */
  lastSeen: z.number().int().nullable(),
  feedback: z.object({ positive: z.number().int(), negative: z.number().int() }),
  /** When the viewer trusted or blocked this user (ISO 8601). */
  since: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /rest/v1/users/me/contacts/trusted-list and /blocked-list: `page` (and `perPage`, default 10). */
export const contactListQuerySchema = pageQuerySchema;
export const contactListResponseSchema = envelopeSchema(z.array(contactSchema), pageMetaSchema);

/** GET and PUT /proxy/messenger/v3/profile (keys may be sent snake_case: accept_chat_messages). */
export const messengerProfileSchema = z.object({
  acceptChatMessages: z.enum(ACCEPT_CHAT_MESSAGES),
});
export type MessengerProfile = z.infer<typeof messengerProfileSchema>;
export const messengerProfileUpdateSchema = z
  .object({ acceptChatMessages: z.enum(ACCEPT_CHAT_MESSAGES, { message: "accept_chat_messages_invalid" }) })
  .strict();
export const messengerProfileResponseSchema = envelopeSchema(messengerProfileSchema);
