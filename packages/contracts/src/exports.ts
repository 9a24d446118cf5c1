import { z } from "zod";
import { EXPORT_RANGE_DAYS } from "./constants.ts";
import { envelopeSchema, pageMetaSchema, pageQuerySchema } from "./envelope.ts";
import { COMPLETED_TRADE_FILTERS, TRADE_USED_STATUSES } from "./trades.ts";

/**
 * Trade history exports (docs/product.md#exports: "Export date range: 31
 * days"). The file is made by a background job; the client follows the export's status.
 */

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * pending: queued; in_progress: a worker took it and reads the trades; generating: the file is
 * being written; completed: ready to download; no_data: no trade matched (no file); failed: gave
 * up after retries; cancelled: the owner cancelled it before it finished; missing: the file is
 * gone (removed after the retention period).
 */
export const EXPORT_STATUSES = [
  "pending",
  "in_progress",
  "completed",
  "failed",
  "missing",
  "cancelled",
  "no_data",
  "generating",
] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Exports a user may have queued or running at once. */
export const EXPORTS_ACTIVE_MAX = 3;
/** Days a finished export's file is kept before it becomes `missing`. */
export const EXPORT_RETENTION_DAYS = 7;

export const ExportErrorCode = {
  /** The export is not completed, so there is nothing to download (409, details.status). */
  NOT_READY: "ERROR_EXPORT_NOT_READY",
  /** Too many exports queued or running (409). */
  TOO_MANY: "ERROR_EXPORT_TOO_MANY",
  /** The export already finished and cannot be cancelled (409). */
  NOT_CANCELLABLE: "ERROR_EXPORT_NOT_CANCELLABLE",
} as const;

const isoDay = z
  .string({ message: "date_required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "date_invalid" })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { message: "date_invalid" },
  );

/** Whole days from one ISO day to another (UTC). */
export function daysBetween(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);
}

/**
 * POST /rest/v1/trade-history/exports. Dates are inclusive UTC days and cover at most 31 days
 * (2025-01-01 to 2025-01-31 is the longest range starting on the 1st). `status` takes a
 * completed-trade filter word (all, successful, cancelled, disputed, dispute, expired) or a
 * single trade status.
 */
export const exportCreateRequestSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { message: "export_format_invalid" }),
    startDate: isoDay,
    endDate: isoDay,
    cryptoCurrencyCode: z
      .string()
      .trim()
      .min(1)
      .max(16)
      .transform((code) => code.toUpperCase())
      .optional(),
    offerType: z.enum(["buy", "sell"], { message: "offer_type_invalid" }).optional(),
    paymentMethodId: z.coerce.number().int().min(1).optional(),
    status: z.enum([...COMPLETED_TRADE_FILTERS, ...TRADE_USED_STATUSES], { message: "status_invalid" }).optional(),
  })
  .superRefine((value, context) => {
    const days = daysBetween(value.startDate, value.endDate);
    if (Number.isNaN(days)) return;
    if (days < 0) context.addIssue({ code: "custom", path: ["endDate"], message: "date_range_invalid" });
    else if (days + 1 > EXPORT_RANGE_DAYS) {
      context.addIssue({ code: "custom", path: ["endDate"], message: "export_range_too_long" });
    }
  });
export type ExportCreateRequest = z.infer<typeof exportCreateRequestSchema>;

export const exportFiltersSchema = z.object({
  cryptoCurrencyCode: z.string().nullable(),
  offerType: z.enum(["buy", "sell"]).nullable(),
  paymentMethodId: z.number().int().nullable(),
  status: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
});
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

export const tradeHistoryExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  format: z.enum(EXPORT_FORMATS),
  filters: exportFiltersSchema,
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  /** Set when completed: GET it to download (the owner only). */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TradeHistoryExport = z.infer<typeof tradeHistoryExportSchema>;

export const exportIdParamsSchema = z.object({ id: z.uuid() });
export const exportResponseSchema = envelopeSchema(tradeHistoryExportSchema);
export const exportListQuerySchema = pageQuerySchema;
export const exportListResponseSchema = envelopeSchema(z.array(tradeHistoryExportSchema), pageMetaSchema);

/** Real-time hint on the owner's `user.<id>` channel when an export's status changes. */
export const EXPORT_UPDATED_EVENT = "export.updated";
