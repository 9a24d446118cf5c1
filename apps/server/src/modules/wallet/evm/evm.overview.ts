import type { CustodyOverview, CustodyReconciliation } from "@souk/contracts";
import { custodyReconciliationSchema } from "@souk/contracts";
import { sql } from "kysely";
import type { Db } from "../../../db/pool.ts";
import { listOpenAlerts } from "./evm.repo.ts";

export async function getCustodyOverview(db: Db): Promise<CustodyOverview> {
  const last = await sql<{ report: unknown }>`
    SELECT report FROM custody_reconciliations ORDER BY id DESC LIMIT 1`.execute(db);
  const parsed = last.rows[0] ? custodyReconciliationSchema.safeParse(last.rows[0].report) : null;
  const reconciliation: CustodyReconciliation | null = parsed?.success ? parsed.data : null;
  const alerts = await listOpenAlerts(db);
  return {
    reconciliation,
    alerts: alerts.map((alert) => ({
      id: Number(alert.id),
      kind: alert.kind,
      message: alert.message,
      createdAt: alert.created_at.toISOString(),
    })),
  };
}
