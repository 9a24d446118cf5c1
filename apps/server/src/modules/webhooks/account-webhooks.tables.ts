import type { Generated } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** The account webhooks' tables (migration 0110), for both of their repositories. */
type Tables = {
  account_webhooks: {
    user_id: bigint;
    url: string | null;
    status: "verification" | "enabled" | "disabled";
    error_key: string | null;
    verified_url: string | null;
    verified_at: Date | null;
    events: string[];
    secret: string | null;
    secret_shown: Generated<boolean>;
    failing_since: Date | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  account_webhook_deliveries: {
    id: Generated<bigint>;
    user_id: bigint;
    message_id: string;
    event: string;
    event_key: string;
    body: string;
    state: Generated<"pending" | "delivered" | "failed">;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    created_at: Generated<Date>;
    delivered_at: Date | null;
  };
  account_webhook_attempts: {
    id: Generated<bigint>;
    delivery_id: bigint;
    attempt: number;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    attempted_at: Generated<Date>;
  };
};

export function tables(db: Db | Tx) {
  return db.withTables<Tables>();
}
