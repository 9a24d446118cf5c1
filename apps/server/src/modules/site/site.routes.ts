import {
  adminSiteSchema,
  alertCreateRequestSchema,
  alertIdParamsSchema,
  envelopeSchema,
  flagParamsSchema,
  flagRequestSchema,
  maintenanceRequestSchema,
  siteStatusSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import { type AppDeps, envelope, refusals, requireRole, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import {
  createAlert,
  getAdminSite,
  getSiteStatus,
  removeAlert,
  type SiteCaller,
  setFlag,
  setMaintenance,
} from "./site.service.ts";
import { bindFeatures, deploymentFeaturesOf, getSiteState, SITE_STATE_TTL_MS } from "./site.state.ts";

const tags = ["admin"];
const callerOf = (request: FastifyRequest): SiteCaller => ({
  actor: { kind: "user", userId: viewerOf(request).userId },
  ip: request.ip,
});

/**
 * The banners' status for everyone. It also keeps AppDeps.features in step with the stored flags:
 * read before the app serves, then every few seconds, so a change made by another copy or the
 * CLI applies here too even while no request reads the switches.
 */
export async function registerSitePublicRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  const unbind = await bindFeatures(deps.db, deps.features);
  const refresh = () =>
    getSiteState(deps.db).catch((error: unknown) => deps.log.warn({ err: error }, "site switches not read"));
  const timer = setInterval(refresh, SITE_STATE_TTL_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    unbind();
  });

  app.get(
    "/rest/v1/site/status",
    {
      schema: {
        tags: ["site"],
        summary: "The maintenanceInfo and adminAlert banners the viewer sees",
        response: { 200: envelopeSchema(siteStatusSchema) },
      },
    },
    async (request) => envelope(await getSiteStatus(deps.db, request.viewer)),
  );
}

/** The site screen's routes, for admins: maintenance, alerts and flags, each change audited. */
export function registerSiteAdminRoutes(app: SoukRoutes, deps: AppDeps): void {
  const deployment = deploymentFeaturesOf(deps.features);
  const admins = requireRole("admin");
  const site = { 200: envelopeSchema(adminSiteSchema), ...refusals };
  const answer = async () => envelope(await getAdminSite(deps.db, deployment));

  app.get(
    "/rest/v1/admin/site",
    {
      onRequest: admins,
      schema: { tags, summary: "Maintenance mode, admin alerts and feature flags", response: site },
    },
    answer,
  );

  app.put(
    "/rest/v1/admin/site/maintenance",
    {
      onRequest: admins,
      schema: {
        tags,
        summary: "Switch maintenance mode on (with the operator's message) or off",
        body: maintenanceRequestSchema,
        response: site,
      },
    },
    async (request) => {
      await setMaintenance(deps.db, callerOf(request), request.body);
      return answer();
    },
  );

  app.post(
    "/rest/v1/admin/site/alerts",
    {
      onRequest: admins,
      schema: {
        tags,
        summary: "Show an admin alert to everyone, logged-in users or staff, until an optional expiry",
        body: alertCreateRequestSchema,
        response: site,
      },
    },
    async (request) => {
      await createAlert(deps.db, callerOf(request), request.body);
      return answer();
    },
  );

  app.delete(
    "/rest/v1/admin/site/alerts/:id",
    {
      onRequest: admins,
      schema: { tags, summary: "Stop showing an admin alert", params: alertIdParamsSchema, response: site },
    },
    async (request) => {
      await removeAlert(deps.db, callerOf(request), request.params.id);
      return answer();
    },
  );

  app.put(
    "/rest/v1/admin/site/flags/:name",
    {
      onRequest: admins,
      schema: {
        tags,
        summary: "Set a feature flag over the deployment's value (true, false), or back to it (null)",
        params: flagParamsSchema,
        body: flagRequestSchema,
        response: site,
      },
    },
    async (request) => {
      await setFlag(deps.db, callerOf(request), request.params.name, request.body.isOn);
      return answer();
    },
  );
}
