import type { AlertAudience, FeatureFlag } from "@souk/contracts";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { Features } from "../../platform/index.ts";
import type { LiveAlert, MaintenanceState, SiteState } from "./site.domain.ts";

interface SettingsRow {
  is_maintenance_on: boolean;
  maintenance_message: string;
  updated_at: Date;
}

interface AlertRow {
  id: string;
  message: string;
  audience: AlertAudience;
  expires_at: Date | null;
  created_at: Date;
  created_by_username: string | null;
}

const toLive = (row: AlertRow): LiveAlert => ({
  id: Number(row.id),
  message: row.message,
  audience: row.audience,
  expiresAt: row.expires_at,
});

/** Everything the cache holds, in one round trip: the settings row, the flags and the live alerts. */
export async function loadSiteState(db: Db): Promise<SiteState> {
  const { rows } = await sql<{ settings: SettingsRow; flags: Record<string, boolean>; alerts: AlertRow[] }>`
    SELECT
      (SELECT row_to_json(s) FROM site_settings s) AS settings,
      (SELECT coalesce(jsonb_object_agg(name, is_on), '{}'::jsonb) FROM site_feature_flags) AS flags,
      (SELECT coalesce(jsonb_agg(a ORDER BY a.id), '[]'::jsonb) FROM (
        SELECT id::text, message, audience, expires_at FROM site_alerts
        WHERE removed_at IS NULL AND (expires_at IS NULL OR expires_at > now())) a) AS alerts`.execute(db);
  const row = rows[0];
  return {
    maintenance: {
      isOn: row?.settings.is_maintenance_on ?? false,
      message: row?.settings.maintenance_message ?? "",
    },
    flagOverrides: (row?.flags ?? {}) as Partial<Features>,
    alerts: (row?.alerts ?? []).map((alert) =>
      toLive({ ...alert, expires_at: alert.expires_at && new Date(alert.expires_at) }),
    ),
  };
}

/** The settings row, locked: two changes at once queue, and the second sees the first. */
export async function lockSettings(tx: Tx): Promise<SettingsRow> {
  const { rows } = await sql<SettingsRow>`
    SELECT is_maintenance_on, maintenance_message, updated_at FROM site_settings FOR UPDATE`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error("site_settings has no row: the migration inserts it");
  return row;
}

export async function readSettings(db: Db): Promise<SettingsRow> {
  const { rows } = await sql<SettingsRow>`
    SELECT is_maintenance_on, maintenance_message, updated_at FROM site_settings`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("site_settings has no row: the migration inserts it");
  return row;
}

export async function writeMaintenance(tx: Tx, next: MaintenanceState): Promise<void> {
  await sql`UPDATE site_settings SET is_maintenance_on = ${next.isOn}, maintenance_message = ${next.message},
    updated_at = now()`.execute(tx);
}

/** The flags staff set, the table locked against a second change at once. */
export async function lockFlags(tx: Tx): Promise<Partial<Record<FeatureFlag, boolean>>> {
  await sql`LOCK TABLE site_feature_flags IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
  return readFlags(tx);
}

export async function readFlags(db: Db | Tx): Promise<Partial<Record<FeatureFlag, boolean>>> {
  const { rows } = await sql<{ name: FeatureFlag; is_on: boolean }>`SELECT name, is_on FROM site_feature_flags`.execute(
    db,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.is_on]));
}

export async function writeFlag(tx: Tx, name: FeatureFlag, isOn: boolean | null): Promise<void> {
  if (isOn === null) await sql`DELETE FROM site_feature_flags WHERE name = ${name}`.execute(tx);
  else {
    await sql`INSERT INTO site_feature_flags (name, is_on) VALUES (${name}, ${isOn})
      ON CONFLICT (name) DO UPDATE SET is_on = excluded.is_on, updated_at = now()`.execute(tx);
  }
}

export async function insertAlert(
  tx: Tx,
  alert: { message: string; audience: AlertAudience; expiresAt: Date | null; createdBy: number | null },
): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO site_alerts (message, audience, expires_at, created_by)
    VALUES (${alert.message}, ${alert.audience}, ${alert.expiresAt}, ${alert.createdBy}) RETURNING id`.execute(tx);
  return Number(rows[0]?.id);
}

/** Marks a live alert removed; null when there is none by that id (or it was removed already). */
export async function removeAlert(tx: Tx, id: number, removedBy: number | null): Promise<AlertRow | null> {
  const { rows } = await sql<AlertRow>`
    UPDATE site_alerts SET removed_at = now(), removed_by = ${removedBy}
    WHERE id = ${id} AND removed_at IS NULL
    RETURNING id::text, message, audience, expires_at, created_at, NULL AS created_by_username`.execute(tx);
  return rows[0] ?? null;
}

/** The alerts staff see on the site screen: not removed, newest first, expired ones too (marked by their date). */
export async function listAlerts(db: Db): Promise<AlertRow[]> {
  const { rows } = await sql<AlertRow>`
    SELECT a.id::text, a.message, a.audience, a.expires_at, a.created_at, u.username AS created_by_username
    FROM site_alerts a LEFT JOIN users u ON u.id = a.created_by
    WHERE a.removed_at IS NULL ORDER BY a.id DESC LIMIT 50`.execute(db);
  return rows;
}
