import type { Passkey } from "@souk/contracts";
import type { PasskeyRow } from "./passkeys.repo.ts";

/** A stored passkey as the security screen lists it (never its key or credential id). */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: Number(row.id),
    name: row.name,
    isSynced: row.device_type === "multiDevice",
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}
