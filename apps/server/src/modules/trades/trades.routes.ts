import {
  activeTradesMetaSchema,
  chargebackReportRequestSchema,
  chargebackReportSchema,
  disputeAppealRequestSchema,
  disputeReasonSchema,
  disputeResolveRequestSchema,
  disputeSummarySchema,
  disputesQuerySchema,
  envelopeSchema,
  errorBodySchema,
  pageMetaSchema,
  pageQuerySchema,
  recentTradeSchema,
  STAFF_ROLES,
  TRADE_RULES,
  TRADE_UPLOAD_FILES_PER_REQUEST,
  tradeDisputeRequestSchema,
  tradeHistoryMetaSchema,
  tradeHistoryQuerySchema,
  tradeIdParamsSchema,
  tradePolicyReadRequestSchema,
  tradePolicyReadResponseSchema,
  tradeReceiptSchema,
  tradeReleaseRequestSchema,
  tradeReportRequestSchema,
  tradeReportResponseSchema,
  tradeRequirementRequestSchema,
  tradeSchema,
  tradeStartRequestSchema,
  tradeStatisticsSchema,
  tradeSummarySchema,
  tradeUploadParamsSchema,
  tradeUploadSchema,
} from "@souk/contracts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AppDeps,
  acceptMultipart,
  envelope,
  fileStorageFor,
  readMultipart,
  replyWithStoredFile,
  requireRole,
  type SoukRoutes,
  viewerOf,
} from "../../platform/index.ts";
import { assertSecondFactor } from "../wallet/index.ts";
import { registerChargebackRoutes } from "./chargebacks.routes.ts";
import { appealDispute, listDisputeReasons, listDisputes, openDispute, resolveDispute } from "./disputes.service.ts";
import {
  downloadUpload,
  listUploads,
  recordPolicyRead,
  requestFallback,
  submitRequirement,
  uploadRequirements,
} from "./trades.flow.ts";
import { getTrade } from "./trades.lookup.ts";
import {
  getTradeHistory,
  getTradeReceipt,
  getTradeStatistics,
  listActiveTrades,
  listRecentTrades,
} from "./trades.queries.ts";
import { reportChargeback, reportTrade } from "./trades.reports.ts";
import { cancelTrade, markPaid, releaseTrade } from "./trades.service.ts";
import { startTrade } from "./trades.start.ts";

const tradeResponse = { 200: envelopeSchema(tradeSchema) };
const params = tradeIdParamsSchema;

/**
 * The trade calls of the product (docs/product.md#trades) and Souk's additions in the same style.
 * Handlers parse, call
 * one service function and shape the answer; who may do what is decided in the service.
 */
export async function registerTradesPrivateRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  const { features } = deps;
  const options = { features };
  const storage = fileStorageFor(deps.config);
  registerChargebackRoutes(app, deps);

  app.post(
    "/rest/v1/trade",
    {
      config: { idempotent: true },
      schema: {
        tags: ["trades"],
        summary: "Take an offer: start a trade (the seller's amount and fee go into escrow)",
        description:
          "Send an Idempotency-Key header: a retry with the same key starts one trade. Refusals: 404 offer, 409 " +
          "ERROR_OFFER_UNAVAILABLE / ERROR_INSUFFICIENT_BALANCE, 403 trade start errors (details.reason), 422 amount.",
        body: tradeStartRequestSchema,
        response: tradeResponse,
      },
    },
    async (request) =>
      envelope(
        await startTrade(deps.db, viewerOf(request), request.body, {
          ...options,
          idempotencyKey: request.idempotency?.key ?? null,
          ip: request.ip,
          jobs: deps.jobs,
        }),
      ),
  );

  app.get(
    "/rest/v1/trade/active",
    {
      schema: {
        tags: ["trades"],
        summary: "The viewer's active trades (poll at most once a minute; real-time hints say when to refetch)",
        response: { 200: envelopeSchema(z.array(tradeSummarySchema), activeTradesMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listActiveTrades(deps.db, viewerOf(request).userId);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/trade/history",
    {
      schema: {
        tags: ["trades"],
        summary: "The viewer's trades, newest first, with the completed-trade filters",
        querystring: tradeHistoryQuerySchema,
        response: { 200: envelopeSchema(z.array(tradeSummarySchema), tradeHistoryMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await getTradeHistory(deps.readDb, viewerOf(request).userId, request.query);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/trade/statistics",
    {
      schema: {
        tags: ["trades"],
        summary: "The dashboard's trade statistics of the viewer",
        response: { 200: envelopeSchema(tradeStatisticsSchema) },
      },
    },
    async (request) => envelope(await getTradeStatistics(deps.readDb, viewerOf(request).userId)),
  );

  app.get(
    "/rest/v1/users/me/contacts/recent-trades",
    {
      schema: {
        tags: ["trades"],
        summary: "The viewer's recent trades with their partners",
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(z.array(recentTradeSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listRecentTrades(deps.readDb, viewerOf(request).userId, request.query);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/trade/:id",
    {
      schema: {
        tags: ["trades"],
        summary: "A trade (its parties and staff; others get 404)",
        params,
        response: tradeResponse,
      },
    },
    async (request) => envelope(await getTrade(deps.db, viewerOf(request), request.params.id, features)),
  );

  app.post(
    "/rest/v1/trade/:id/paid",
    {
      schema: { tags: ["trades"], summary: "The buyer marks the trade as paid", params, response: tradeResponse },
    },
    async (request) => envelope(await markPaid(deps.db, viewerOf(request), request.params.id, options)),
  );

  app.post(
    "/rest/v1/trade/:id/release",
    {
      config: { idempotent: true },
      schema: {
        tags: ["trades"],
        summary: "The seller releases the escrow to the buyer (second factor when enabled)",
        description: "Send an Idempotency-Key header: a retry after an unknown outcome is answered as done.",
        params,
        body: tradeReleaseRequestSchema,
        response: tradeResponse,
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return envelope(
        await releaseTrade(
          deps.db,
          viewer,
          request.params.id,
          {
            ...(request.body?.code ? { code: request.body.code } : {}),
            idempotencyKey: request.idempotency?.key ?? null,
          },
          { ...options, assertSecondFactor: (userId, code) => assertSecondFactor(deps.db, userId, "release", code) },
        ),
      );
    },
  );

  app.post(
    "/rest/v1/trade/:id/cancel",
    {
      config: { idempotent: true },
      schema: {
        tags: ["trades"],
        summary: "Cancel: the buyer before paying; the seller once the payment window passed unpaid",
        description: "Send an Idempotency-Key header: a retry after an unknown outcome is answered as done.",
        params,
        response: tradeResponse,
      },
    },
    async (request) =>
      envelope(
        await cancelTrade(deps.db, viewerOf(request), request.params.id, options, request.idempotency?.key ?? null),
      ),
  );

  app.post(
    "/rest/v1/trade/:id/dispute",
    {
      schema: {
        tags: ["disputes"],
        summary: "Either party opens a dispute when dispute.available",
        params,
        body: tradeDisputeRequestSchema,
        response: tradeResponse,
      },
    },
    async (request) =>
      envelope(await openDispute(deps.db, viewerOf(request), request.params.id, request.body, options)),
  );

  app.post(
    "/rest/v1/trade/:id/dispute/resolve",
    {
      onRequest: requireRole(...STAFF_ROLES),
      schema: {
        tags: ["disputes"],
        summary: "A moderator awards the escrow to the buyer (post) or the seller (void)",
        params,
        body: disputeResolveRequestSchema,
        response: tradeResponse,
      },
    },
    async (request) =>
      envelope(await resolveDispute(deps.db, viewerOf(request), request.params.id, request.body, options)),
  );

  app.post(
    "/rest/v1/trade/:id/dispute/appeal",
    {
      schema: {
        tags: ["disputes"],
        summary: "The losing party appeals an award within the window (feature flag disputeAppeal)",
        params,
        body: disputeAppealRequestSchema,
        response: tradeResponse,
      },
    },
    async (request) =>
      envelope(await appealDispute(deps.db, viewerOf(request), request.params.id, request.body.text, features)),
  );

  app.get(
    "/rest/v1/dispute/reasons",
    {
      schema: {
        tags: ["disputes"],
        summary: "Reasons a party may give when opening a dispute",
        response: { 200: envelopeSchema(z.array(disputeReasonSchema)) },
      },
    },
    async () => envelope(listDisputeReasons()),
  );

  app.get(
    "/rest/v1/disputes",
    {
      onRequest: requireRole(...STAFF_ROLES),
      schema: {
        tags: ["disputes"],
        summary: "Disputes for moderators: open (oldest first), appealed or resolved",
        querystring: disputesQuerySchema,
        response: { 200: envelopeSchema(z.array(disputeSummarySchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listDisputes(deps.readDb, request.query, features);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/trade/:id/uploads",
    {
      schema: {
        tags: ["trades"],
        summary: "Files attached to the trade's requirements",
        params,
        response: { 200: envelopeSchema(z.array(tradeUploadSchema)) },
      },
    },
    async (request) => envelope(await listUploads(deps.db, viewerOf(request), request.params.id)),
  );

  app.get(
    "/rest/v1/trade/:id/uploads/:uploadId",
    {
      schema: {
        tags: ["trades"],
        summary: "One uploaded file of the trade's requirements (the parties and staff only)",
        params: tradeUploadParamsSchema,
        response: { 200: z.any(), 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      replyWithStoredFile(
        reply,
        await downloadUpload(deps.db, storage, viewerOf(request), request.params.id, request.params.uploadId),
      ),
  );

  await app.register(async (plain) => {
    // Multipart parsing lives in this scope only: the rest of the trade calls take JSON.
    await acceptMultipart(plain);
    plain.withTypeProvider<ZodTypeProvider>().post(
      "/rest/v1/trade/:id/upload",
      {
        schema: {
          tags: ["trades"],
          summary:
            "The buyer attaches files to an upload requirement (multipart: a requirementId field and the files, " +
            "png, jpeg, webp or pdf, checked by content and stored as checked)",
          params,
          consumes: ["multipart/form-data"],
          response: tradeResponse,
        },
      },
      async (request) => {
        const upload = await readMultipart(request, {
          fileBytes: TRADE_RULES.attachmentMaxBytes,
          files: TRADE_UPLOAD_FILES_PER_REQUEST,
          fields: 2,
          fieldBytes: 100,
        });
        return envelope(
          await uploadRequirements(
            deps.db,
            storage,
            viewerOf(request),
            request.params.id,
            { requirementId: upload.fields.get("requirementId") ?? null, files: upload.files },
            features,
          ),
        );
      },
    );
  });

  app.post(
    "/rest/v1/trade/:id/requirement",
    {
      schema: {
        tags: ["trades"],
        summary: "The buyer fulfils a text requirement, or the seller approves or rejects a fulfilled one",
        params,
        body: tradeRequirementRequestSchema,
        response: tradeResponse,
      },
    },
    async (request) =>
      envelope(await submitRequirement(deps.db, viewerOf(request), request.params.id, request.body, features)),
  );

  app.post(
    "/rest/v1/trade/:id/policy-read",
    {
      schema: {
        tags: ["trades"],
        summary: "Record that a policy link was opened; answers the url to open",
        params,
        body: tradePolicyReadRequestSchema,
        response: { 200: tradePolicyReadResponseSchema },
      },
    },
    async (request) =>
      envelope(await recordPolicyRead(deps.db, viewerOf(request), request.params.id, request.body.url)),
  );

  app.post(
    "/rest/v1/trade/:id/fallback",
    {
      schema: {
        tags: ["trades"],
        summary: "Move an automated flow (gcc-auto, bt-auto, lite, offramp) to the manual one",
        params,
        response: tradeResponse,
      },
    },
    async (request) => envelope(await requestFallback(deps.db, viewerOf(request), request.params.id, features)),
  );

  app.post(
    "/rest/v1/trade/:id/report",
    {
      schema: {
        tags: ["trades"],
        summary: "A party reports a problem with the trade (kept for moderators)",
        params,
        body: tradeReportRequestSchema,
        response: { 200: tradeReportResponseSchema },
      },
    },
    async (request) => envelope(await reportTrade(deps.db, viewerOf(request), request.params.id, request.body)),
  );

  app.post(
    "/rest/v1/user-reports/chargeback",
    {
      schema: {
        tags: ["trades"],
        summary: "The seller reports a chargeback (refused with contact-support when verification is incorrect)",
        body: chargebackReportRequestSchema,
        response: { 200: envelopeSchema(chargebackReportSchema) },
      },
    },
    async (request) => envelope(await reportChargeback(deps.db, viewerOf(request), request.body)),
  );
}

export function registerTradesPublicRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/trade/:id/receipt",
    {
      schema: {
        tags: ["trades"],
        summary: "Public receipt of a released trade (amounts, currency, method and times only)",
        params,
        response: { 200: envelopeSchema(tradeReceiptSchema) },
      },
    },
    async (request) => envelope(await getTradeReceipt(deps.readDb, request.params.id)),
  );
}
