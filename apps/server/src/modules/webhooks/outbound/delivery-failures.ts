import type { Db } from "../../../db/pool.ts";
import { countDeliveryFailures } from "../../../platform/index.ts";

/**
 * Webhook deliveries written since `since` that failed at least once, over both delivery logs:
 * the account webhooks' and the shared outbound one (API clients' webhooks). The console's
 * Overview shows the sum.
 */
export async function countWebhookFailuresSince(db: Db, since: Date): Promise<number> {
  const [account, outbound] = await Promise.all([
    countDeliveryFailures(db, { table: "account_webhook_deliveries", stateColumn: "state" }, since),
    countDeliveryFailures(db, { table: "webhook_deliveries", stateColumn: "state" }, since),
  ]);
  return account + outbound;
}
