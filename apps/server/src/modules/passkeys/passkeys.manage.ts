import type { Passkey } from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { recordActivity } from "../account-security/index.ts";
import { passkeyNotFound } from "./passkeys.errors.ts";
import type { ClientSeen } from "./passkeys.registration.ts";
import * as repo from "./passkeys.repo.ts";
import { toPasskey } from "./passkeys.view.ts";

/** GET users/passkeys: the viewer's passkeys, oldest first. */
export async function listUserPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  return (await repo.listPasskeys(db, userId)).map(toPasskey);
}

/** PUT users/passkeys/{id}: a new name for one of the viewer's passkeys. */
export async function renameUserPasskey(db: Db, userId: number, id: number, name: string): Promise<Passkey> {
  const row = await repo.renamePasskey(db, userId, id, name);
  if (!row) throw passkeyNotFound();
  return toPasskey(row);
}

/** DELETE users/passkeys/{id}: the passkey goes, and the activity log says so, in one transaction. */
export async function removeUserPasskey(db: Db, userId: number, id: number, client: ClientSeen): Promise<void> {
  await withTx(db, async (tx) => {
    const removed = await repo.deletePasskey(tx, userId, id);
    if (!removed) throw passkeyNotFound();
    await recordActivity(tx, { userId, type: "passkey_removed", ...client, details: { passkey: removed.name } });
  });
}
