import { randomBytes } from "node:crypto";
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Passkey } from "@souk/contracts";
import type { Config } from "../../config.ts";
import { type Db, withTx } from "../../db/pool.ts";
import { describeDevice, recordActivity } from "../account-security/index.ts";
import { requireSecondFactor } from "../two-factor/index.ts";
import {
  CEREMONY_TIMEOUT_MS,
  CHALLENGE_TTL_MS,
  defaultPasskeyName,
  MAX_PASSKEYS,
  relyingPartyOf,
  signedChallengeOf,
} from "./passkeys.domain.ts";
import { assertionRefused, challengeRefused, passkeyAlreadyRegistered, tooManyPasskeys } from "./passkeys.errors.ts";
import * as repo from "./passkeys.repo.ts";
import { toPasskey } from "./passkeys.view.ts";

export interface ClientSeen {
  ip: string | null;
  userAgent: string | null;
}

/**
 * POST users/passkeys/registration/options: a discoverable credential with user verification
 * (it logs in without a password), excluding the user's passkeys; the challenge is stored.
 */
export async function startRegistration(
  db: Db,
  config: Config,
  userId: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await repo.listPasskeys(db, userId);
  if (existing.length >= MAX_PASSKEYS) throw tooManyPasskeys();
  const rp = relyingPartyOf(config);
  const userHandle = existing[0]?.user_handle ?? randomBytes(32).toString("base64url");
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: await repo.findUsername(db, userId),
    userID: new Uint8Array(Buffer.from(userHandle, "base64url")),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await repo.storeChallenge(db, {
    challenge: options.challenge,
    userId,
    purpose: "registration",
    userHandle,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return options;
}

/**
 * POST users/passkeys/registration/verify: the challenge is used up first (a replay is refused
 * even when the rest fails), then the attestation is checked against PUBLIC_URL's origin and host,
 * then the second factor when one is on; the passkey and its activity line are one transaction.
 */
export async function finishRegistration(
  db: Db,
  config: Config,
  userId: number,
  input: { response: RegistrationResponseJSON; name?: string | undefined; code?: string | undefined },
  client: ClientSeen,
): Promise<Passkey> {
  const challenge = signedChallengeOf(input.response.response.clientDataJSON);
  const claimed = challenge ? await repo.claimChallenge(db, challenge, "registration", userId) : null;
  if (!challenge || !claimed?.userHandle) throw challengeRefused();
  const userHandle = claimed.userHandle;
  const rp = relyingPartyOf(config);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw assertionRefused();
  if (await repo.findPasskeyByCredential(db, verification.registrationInfo.credential.id)) {
    throw passkeyAlreadyRegistered();
  }
  await requireSecondFactor(db, userId, "account", input.code, "code");
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return withTx(db, async (tx) => {
    const existing = await repo.listPasskeys(tx, userId);
    if (existing.length >= MAX_PASSKEYS) throw tooManyPasskeys();
    const row = await repo.insertPasskey(tx, {
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey),
      counter: String(credential.counter),
      transports: credential.transports ?? input.response.response.transports ?? [],
      user_handle: userHandle,
      name: input.name ?? defaultPasskeyName(describeDevice(client.userAgent), existing.length),
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp,
    });
    if (!row) throw passkeyAlreadyRegistered();
    await recordActivity(tx, { userId, type: "passkey_added", ...client, details: { passkey: row.name } });
    return toPasskey(row);
  });
}
