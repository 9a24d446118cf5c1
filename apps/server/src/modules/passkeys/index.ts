/**
 * The passkeys module's door (docs/decisions/081-passkeys.md): WebAuthn credentials registered,
 * listed, renamed and removed; a log-in without a password; and an assertion that passes the
 * second factor of a release, a send or an account change (decision 082).
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/pool.ts";
import type { SoukModule } from "../../platform/index.ts";
import { verifyAssertion } from "./passkeys.assertion.ts";
import type { ClientSeen } from "./passkeys.registration.ts";
import { registerPasskeyPrivateRoutes, registerPasskeyPublicRoutes } from "./passkeys.routes.ts";

/** POST auth/passkey/login: the user whose discoverable passkey signed the log-in's challenge. */
export function verifyPasskeyLogin(db: Db, config: Config, response: unknown, client: ClientSeen): Promise<number> {
  const input = { purpose: "login" as const, userId: null, response: response as AuthenticationResponseJSON, client };
  return verifyAssertion(db, config, input, async (_tx, userId) => userId);
}

export const passkeysModule: SoukModule = {
  name: "passkeys",
  publicRoutes: registerPasskeyPublicRoutes,
  privateRoutes: registerPasskeyPrivateRoutes,
};
