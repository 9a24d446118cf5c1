import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import type { Config } from "../../config.ts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { conflict } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import {
  CEREMONY_TIMEOUT_MS,
  CHALLENGE_TTL_MS,
  counterAccepted,
  relyingPartyOf,
  signedChallengeOf,
} from "./passkeys.domain.ts";
import { assertionRefused, challengeRefused, unknownPasskey } from "./passkeys.errors.ts";
import type { ClientSeen } from "./passkeys.registration.ts";
import * as repo from "./passkeys.repo.ts";

/** What an assertion is for: a log-in (no user yet), or the second factor of one of the user's events. */
export type AssertionPurpose = Exclude<repo.ChallengePurpose, "registration">;

const noPasskey = () => conflict("No passkey is registered on this account.", undefined, { purpose: ["passkey.none"] });

/**
 * Options of an assertion: a log-in lets the browser offer any discoverable passkey of this site
 * (no user named); a second factor lists the user's passkeys. User verification is required.
 */
export async function startAssertion(
  db: Db,
  config: Config,
  purpose: AssertionPurpose,
  userId: number | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = userId === null ? [] : await repo.listPasskeys(db, userId);
  if (userId !== null && passkeys.length === 0) throw noPasskey();
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(config).rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: row.transports })),
  });
  await repo.storeChallenge(db, {
    challenge: options.challenge,
    userId,
    purpose,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return options;
}

/**
 * Checks an assertion: the stored challenge is used up first, the credential must be the user's
 * (any user's at log-in, with the user handle it stored), the signature, origin, relying party
 * and user verification must pass, and the counter must move on. The use, its activity line and
 * `then` (a session's or a proof's write) are one transaction; answers the passkey's user.
 */
export async function verifyAssertion<Result>(
  db: Db,
  config: Config,
  input: { purpose: AssertionPurpose; userId: number | null; response: AuthenticationResponseJSON; client: ClientSeen },
  then: (tx: Tx, userId: number) => Promise<Result>,
): Promise<Result> {
  const { purpose, userId, response } = input;
  const challenge = signedChallengeOf(response.response.clientDataJSON);
  if (!challenge || !(await repo.claimChallenge(db, challenge, purpose, userId))) throw challengeRefused();
  const passkey = await repo.findPasskeyByCredential(db, response.id);
  const ownerId = Number(passkey?.user_id);
  if (!passkey || (userId !== null && ownerId !== userId)) throw unknownPasskey();
  if (response.response.userHandle && response.response.userHandle !== passkey.user_handle) throw unknownPasskey();
  const stored = Number(passkey.counter);
  const rp = relyingPartyOf(config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: stored,
      transports: passkey.transports,
    },
  }).catch(() => null);
  const seen = verification?.authenticationInfo.newCounter ?? -1;
  if (!verification?.verified || !counterAccepted(stored, seen)) throw assertionRefused();
  return withTx(db, async (tx) => {
    if (!(await repo.recordUse(tx, passkey.id, stored, seen))) throw assertionRefused();
    await recordActivity(tx, {
      userId: ownerId,
      type: "passkey_used",
      ...input.client,
      details: { passkey: passkey.name, purpose },
    });
    return then(tx, ownerId);
  });
}
