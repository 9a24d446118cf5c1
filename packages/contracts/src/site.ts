import { z } from "zod";
import { FEATURE_FLAGS } from "./page-data.ts";

/**
 * The site switches staff change at run time (docs/product.md#site-switches): maintenance mode
 * with the maintenanceInfo banner, admin alerts (the adminAlert banner) and feature flags stored
 * in the database over the deployment's SOUK_FEATURE_FLAGS.
 */

export const SiteErrorCode = {
  /** The site is in maintenance: no new trade, no new or switched-on offer. Carries the operator's message. */
  MAINTENANCE: "ERROR_MAINTENANCE",
  /** The switch is already in the state asked for (also the loser of two changes at once). */
  SITE_UNCHANGED: "ERROR_SITE_UNCHANGED",
  SITE_ALERT_NOT_FOUND: "ERROR_SITE_ALERT_NOT_FOUND",
} as const;
export type SiteErrorCode = (typeof SiteErrorCode)[keyof typeof SiteErrorCode];

/** Who sees an admin alert: every visitor, anyone logged in, or staff only. */
export const ALERT_AUDIENCES = ["everyone", "logged_in", "staff"] as const;
export type AlertAudience = (typeof ALERT_AUDIENCES)[number];

const message = z.string().trim().max(500, { message: "too_long" });

/** GET /rest/v1/site/status: the banners the viewer sees (maintenanceInfo, adminAlert). */
export const siteStatusSchema = z.object({
  maintenanceInfo: z.object({ message: z.string() }).nullable(),
  adminAlerts: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;

export const siteAlertSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  audience: z.enum(ALERT_AUDIENCES),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type SiteAlert = z.infer<typeof siteAlertSchema>;

/** Where a flag's value comes from: the code's default, SOUK_FEATURE_FLAGS, or staff (the database). */
export const FLAG_SOURCES = ["deployment", "database"] as const;

export const siteFlagSchema = z.object({
  name: z.enum(FEATURE_FLAGS),
  isOn: z.boolean(),
  /** What the deployment says (default or SOUK_FEATURE_FLAGS), used when staff set nothing. */
  deploymentValue: z.boolean(),
  source: z.enum(FLAG_SOURCES),
});
export type SiteFlag = z.infer<typeof siteFlagSchema>;

/** GET /rest/v1/admin/site: the three switches as they stand. */
export const adminSiteSchema = z.object({
  maintenance: z.object({ isOn: z.boolean(), message: z.string(), changedAt: z.string() }),
  alerts: z.array(siteAlertSchema),
  flags: z.array(siteFlagSchema),
});
export type AdminSite = z.infer<typeof adminSiteSchema>;

/** PUT /rest/v1/admin/site/maintenance. */
export const maintenanceRequestSchema = z.object({
  isOn: z.boolean({ message: "is_on_required" }),
  message: message.default(""),
});
export type MaintenanceRequest = z.infer<typeof maintenanceRequestSchema>;

/** POST /rest/v1/admin/site/alerts. */
export const alertCreateRequestSchema = z.object({
  message: z
    .string({ message: "message_required" })
    .trim()
    .min(3, { message: "message_required" })
    .max(500, { message: "too_long" }),
  audience: z.enum(ALERT_AUDIENCES, { message: "audience_invalid" }),
  /** When the alert stops showing; none keeps it until staff remove it. */
  expiresAt: z.iso.datetime({ offset: true, message: "expires_at_invalid" }).nullish(),
});
export type AlertCreateRequest = z.infer<typeof alertCreateRequestSchema>;

/** DELETE /rest/v1/admin/site/alerts/{id}. */
export const alertIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** PUT /rest/v1/admin/site/flags/{name}: true or false over the deployment, null back to it. */
export const flagParamsSchema = z.object({ name: z.enum(FEATURE_FLAGS, { message: "flag_invalid" }) });
export const flagRequestSchema = z.object({ isOn: z.boolean().nullable() });
