/**
 * The passkeys module's door (docs/decisions/081-passkeys.md): WebAuthn credentials registered,
 * listed, renamed and removed; a log-in without a password; and an assertion that passes the
 * second factor of a release, a send or an account change (decision 082).
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/pool.ts";
import type { SoukModule } from "../../platform/index.ts";
import { startAssertion, verifyAssertion } from "./passkeys.assertion.ts";
import type { ClientSeen } from "./passkeys.registration.ts";
import { listPasskeys } from "./passkeys.repo.ts";
import { registerPasskeyPrivateRoutes, registerPasskeyPublicRoutes } from "./passkeys.routes.ts";

/** POST auth/passkey/login: the user whose discoverable passkey signed the log-in's challenge. */
export function verifyPasskeyLogin(db: Db, config: Config, response: unknown, client: ClientSeen): Promise<number> {
  const input = { purpose: "login" as const, userId: null, response: response as AuthenticationResponseJSON, client };
  return verifyAssertion(db, config, input, async (_tx, userId) => userId);
}

/** Whether the user has a passkey to answer a log-in's second step with (decision 084). */
export async function hasPasskeys(db: Db, userId: number): Promise<boolean> {
  return (await listPasskeys(db, userId)).length > 0;
}

/** The second step of a password log-in by passkey: options naming the pending user's passkeys only. */
export function startLoginSecondStep(db: Db, config: Config, userId: number) {
  return startAssertion(db, config, "login", userId);
}

/** Checks the pending user's passkey; `claim` (the pending log-in's use) runs in the use's transaction. */
export async function verifyLoginSecondStep(
  db: Db,
  config: Config,
  input: { userId: number; response: unknown; client: ClientSeen },
  claim: (tx: Tx) => Promise<void>,
): Promise<void> {
  const response = input.response as AuthenticationResponseJSON;
  await verifyAssertion(db, config, { purpose: "login", userId: input.userId, response, client: input.client }, claim);
}

export const passkeysModule: SoukModule = {
  name: "passkeys",
  publicRoutes: registerPasskeyPublicRoutes,
  privateRoutes: registerPasskeyPrivateRoutes,
};
