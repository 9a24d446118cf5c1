import {
  adminChargebackDetailSchema,
  adminChargebackSchema,
  adminChargebacksQuerySchema,
  chargebackDecisionRequestSchema,
  chargebackIdParamsSchema,
  envelopeSchema,
  pageMetaSchema,
  STAFF_ROLES,
} from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, requireRole, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { decideChargebackReport, getChargeback, listChargebacks } from "./chargebacks.review.ts";

/**
 * The chargeback queue of the operator console (docs/decisions/141-chargeback-decisions.md): every
 * staff role lists the reports, reads one and decides a Pending one Dismissed or Confirmed.
 */
export function registerChargebackRoutes(app: SoukRoutes, deps: AppDeps): void {
  const staff = requireRole(...STAFF_ROLES);
  const tags = ["admin"];
  const detail = { 200: envelopeSchema(adminChargebackDetailSchema) };

  app.get(
    "/rest/v1/admin/chargebacks",
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Chargeback reports by state (Pending by default, oldest first)",
        querystring: adminChargebacksQuerySchema,
        response: { 200: envelopeSchema(z.array(adminChargebackSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listChargebacks(deps.readDb, request.query);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/admin/chargebacks/:id",
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "One chargeback report: its trade, parties, timing, events and the buyer's record",
        params: chargebackIdParamsSchema,
        response: detail,
      },
    },
    async (request) => envelope(await getChargeback(deps.db, request.params.id)),
  );

  app.post(
    "/rest/v1/admin/chargebacks/:id/decision",
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Decide a Pending chargeback report Dismissed or Confirmed, with a reason (once)",
        description:
          "Refusals: 404 ERROR_CHARGEBACK_NOT_FOUND, 409 ERROR_CHARGEBACK_ALREADY_DECIDED (details.state), " +
          "403 ERROR_CHARGEBACK_OWN_TRADE. Confirmed counts on the buyer's record and tells both parties; " +
          "Dismissed tells the reporter. No money moves.",
        params: chargebackIdParamsSchema,
        body: chargebackDecisionRequestSchema,
        response: detail,
      },
    },
    async (request) => {
      const caller = { userId: viewerOf(request).userId, ip: request.ip };
      await decideChargebackReport(deps.db, caller, request.params.id, request.body);
      return envelope(await getChargeback(deps.db, request.params.id));
    },
  );
}
