import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";

/**
 * The dev mailbox (admins only, docs/decisions/093-dev-mailbox.md): the mail and text-message
 * outboxes, newest first, readable while nothing leaves the machine (no SMTP_URL, the dev SMS
 * adapter). Once messages are delivered for real, the lists are empty and say so.
 */
const OUTBOX_STATUSES = ["pending", "held", "sent", "failed"] as const;

/** What every outgoing message shows of its delivery: the outbox's own columns. */
const outboxDeliverySchema = z.object({
  id: z.number().int(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** One mail in the list: who it is for, its subject and where its delivery stands. */
export const devMailSummarySchema = outboxDeliverySchema.extend({
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  locale: z.string(),
});
export type DevMailSummary = z.infer<typeof devMailSummarySchema>;

/** One mail in full: its text part and its HTML part (the screen renders the HTML sandboxed). */
export const devMailSchema = devMailSummarySchema.extend({ text: z.string(), html: z.string() });
export type DevMail = z.infer<typeof devMailSchema>;

/** GET admin/mail: `isOpen` is false once mail is delivered over SMTP (then `items` is empty). */
export const devMailListResponseSchema = envelopeSchema(
  z.object({ isOpen: z.boolean(), items: z.array(devMailSummarySchema) }),
);
export const devMailResponseSchema = envelopeSchema(devMailSchema);

/** One text message (or voice call) of the SMS outbox; codes are short, so the list carries the text. */
export const devSmsSchema = outboxDeliverySchema.extend({
  to: z.string(),
  channel: z.enum(["sms", "call"]),
  body: z.string(),
});
export type DevSms = z.infer<typeof devSmsSchema>;

/** GET admin/sms: `isOpen` is false once an SMS gateway delivers the messages. */
export const devSmsListResponseSchema = envelopeSchema(z.object({ isOpen: z.boolean(), items: z.array(devSmsSchema) }));

/** GET admin/mail/{id}. */
export const devMailIdParamsSchema = z.object({
  id: z.coerce.number({ message: "id_invalid" }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});
