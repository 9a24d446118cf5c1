import { conflict, inputError, notFound } from "../../platform/index.ts";

/** The challenge is unknown, already used, expired, or of another ceremony: start again. */
export const challengeRefused = () =>
  inputError({ response: ["passkey.challenge_invalid"] }, "This passkey request has expired or was used; try again.");
/** The signature, the origin, the relying party or the counter did not check out. */
export const assertionRefused = () =>
  inputError({ response: ["passkey.not_verified"] }, "The passkey could not be verified.");
/** No passkey of this account (or, at log-in, of any account) has this credential. */
export const unknownPasskey = () =>
  inputError({ response: ["passkey.unknown"] }, "This passkey is not registered here.");
export const passkeyAlreadyRegistered = () =>
  conflict("This passkey is already registered.", undefined, { response: ["passkey.already_registered"] });
export const tooManyPasskeys = () =>
  conflict("An account keeps at most twenty passkeys; remove one first.", undefined, {
    response: ["passkey.too_many"],
  });
export const passkeyNotFound = () => notFound("No such passkey.");
