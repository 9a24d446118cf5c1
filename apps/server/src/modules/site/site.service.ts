import {
  type AdminSite,
  type AlertCreateRequest,
  FEATURE_FLAGS,
  type FeatureFlag,
  type MaintenanceRequest,
  SiteErrorCode,
  type SiteStatus,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import {
  conflict,
  type DomainError,
  type Features,
  inputError,
  isStaff,
  notFound,
  type Viewer,
} from "../../platform/index.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import {
  type AlertViewer,
  alertsFor,
  decideAlert,
  decideFlag,
  decideMaintenance,
  type MaintenanceState,
  type SiteRefusal,
} from "./site.domain.ts";
import * as repo from "./site.repo.ts";
import { forgetSiteStateAfterCommit, getSiteState } from "./site.state.ts";

/** Who changes a switch: a staff member (with the address of the request) or the operator CLI. */
export interface SiteCaller {
  actor: AuditActor;
  ip?: string | null;
}

export const CLI_SITE_CALLER: SiteCaller = { actor: { kind: "cli" } };

const userIdOf = (caller: SiteCaller) => (caller.actor.kind === "user" ? caller.actor.userId : null);

function refusalError(refusal: SiteRefusal): DomainError {
  switch (refusal) {
    case "unchanged":
      return conflict("The switch is already in this state.", SiteErrorCode.SITE_UNCHANGED);
    case "expires_in_past":
      return inputError({ expiresAt: ["expires_in_past"] });
    case "alert_not_found":
      return notFound("No such alert.", SiteErrorCode.SITE_ALERT_NOT_FOUND);
  }
}

/** One change: its writes and its audit row in one transaction; this process re-reads the switches at its commit. */
async function change(
  db: Db,
  caller: SiteCaller,
  work: (tx: Tx) => Promise<{ action: string; subjectId: string; details: Record<string, unknown>; reason?: string }>,
): Promise<void> {
  await withTx(db, async (tx) => {
    const done = await work(tx);
    await recordAudit(tx, {
      actor: caller.actor,
      action: done.action,
      subjectType: "site",
      subjectId: done.subjectId,
      reason: done.reason ?? "",
      details: done.details,
      ip: caller.ip ?? null,
    });
    forgetSiteStateAfterCommit(tx);
  });
  // Read afresh now, so this process's next request (and its feature flags) sees the change.
  await getSiteState(db);
}

/** PUT /rest/v1/admin/site/maintenance and `maintenance on|off`. */
export async function setMaintenance(db: Db, caller: SiteCaller, input: MaintenanceRequest): Promise<void> {
  await change(db, caller, async (tx) => {
    const row = await repo.lockSettings(tx);
    const current = { isOn: row.is_maintenance_on, message: row.maintenance_message };
    const decision = decideMaintenance(current, input);
    if (decision.kind === "refused") throw refusalError(decision.refusal);
    await repo.writeMaintenance(tx, decision.next);
    return {
      action: decision.action,
      subjectId: "maintenance",
      details: { ...decision.next },
      reason: decision.next.message,
    };
  });
}

/** PUT /rest/v1/admin/site/flags/{name} and `flags:set`: true or false over the deployment, null back to it. */
export async function setFlag(db: Db, caller: SiteCaller, name: FeatureFlag, isOn: boolean | null): Promise<void> {
  await change(db, caller, async (tx) => {
    const stored = await repo.lockFlags(tx);
    const refusal = decideFlag(stored[name], isOn);
    if (refusal) throw refusalError(refusal);
    await repo.writeFlag(tx, name, isOn);
    return { action: "site.flag_set", subjectId: name, details: { isOn, was: stored[name] ?? null } };
  });
}

/** POST /rest/v1/admin/site/alerts. */
export async function createAlert(db: Db, caller: SiteCaller, input: AlertCreateRequest): Promise<void> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  const refusal = decideAlert(expiresAt, new Date());
  if (refusal) throw refusalError(refusal);
  await change(db, caller, async (tx) => {
    const id = await repo.insertAlert(tx, { ...input, expiresAt, createdBy: userIdOf(caller) });
    return {
      action: "site.alert_create",
      subjectId: String(id),
      details: { message: input.message, audience: input.audience, expiresAt: expiresAt?.toISOString() ?? null },
    };
  });
}

/** DELETE /rest/v1/admin/site/alerts/{id}: the alert stops showing; removing it twice is refused. */
export async function removeAlert(db: Db, caller: SiteCaller, id: number): Promise<void> {
  await change(db, caller, async (tx) => {
    const removed = await repo.removeAlert(tx, id, userIdOf(caller));
    if (!removed) throw refusalError("alert_not_found");
    return { action: "site.alert_remove", subjectId: String(id), details: { message: removed.message } };
  });
}

/** GET /rest/v1/admin/site: the switches as stored (read afresh, not from the cache). */
export async function getAdminSite(db: Db, deployment: Readonly<Features>): Promise<AdminSite> {
  const [settings, stored, alerts] = await Promise.all([
    repo.readSettings(db),
    repo.readFlags(db),
    repo.listAlerts(db),
  ]);
  return {
    maintenance: {
      isOn: settings.is_maintenance_on,
      message: settings.maintenance_message,
      changedAt: settings.updated_at.toISOString(),
    },
    alerts: alerts.map((row) => ({
      id: Number(row.id),
      message: row.message,
      audience: row.audience,
      expiresAt: row.expires_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
      createdBy: row.created_by_username,
    })),
    flags: FEATURE_FLAGS.map((name) => ({
      name,
      isOn: stored[name] ?? deployment[name],
      deploymentValue: deployment[name],
      source: stored[name] === undefined ? ("deployment" as const) : ("database" as const),
    })),
  };
}

function alertViewerOf(viewer: Viewer | null): AlertViewer {
  if (!viewer) return "visitor";
  return isStaff(viewer) ? "staff" : "user";
}

/** GET /rest/v1/site/status: the maintenanceInfo and adminAlert banners this viewer sees, from the cache. */
export async function getSiteStatus(db: Db, viewer: Viewer | null): Promise<SiteStatus> {
  const state = await getSiteState(db);
  return {
    maintenanceInfo: state.maintenance.isOn ? { message: state.maintenance.message } : null,
    adminAlerts: alertsFor(state.alerts, alertViewerOf(viewer), new Date()).map(({ id, message }) => ({ id, message })),
  };
}

/** Maintenance as stored now, not the process's cached copy (the console's Overview). */
export async function getMaintenanceState(db: Db): Promise<MaintenanceState> {
  return (await repo.loadSiteState(db)).maintenance;
}
