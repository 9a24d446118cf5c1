import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The two signatures of the SumSub-shaped provider (docs/decisions/118-sumsub-provider.md), pure:
 * our requests carry X-App-Access-Sig, the hex HMAC-SHA256 of the timestamp, the method, the path
 * with its query and the body; its callbacks carry X-Payload-Digest, the hex HMAC of the raw body
 * with the algorithm X-Payload-Digest-Alg names.
 */

export const SUMSUB_REQUEST_HEADERS = {
  token: "x-app-token",
  timestamp: "x-app-access-ts",
  signature: "x-app-access-sig",
} as const;
const SUMSUB_DIGEST_HEADER = "x-payload-digest";
const SUMSUB_DIGEST_ALG_HEADER = "x-payload-digest-alg";

/** The digest algorithms a callback may name, as the provider spells them. */
const DIGEST_ALGORITHMS = { HMAC_SHA1_HEX: "sha1", HMAC_SHA256_HEX: "sha256", HMAC_SHA512_HEX: "sha512" } as const;
type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

/** X-App-Access-Sig of a request: `ts` in seconds, `pathWithQuery` as sent (`/resources/...?...`). */
export function requestSignature(
  secretKey: string,
  request: { ts: number; method: string; pathWithQuery: string; body: Buffer },
): string {
  return createHmac("sha256", secretKey)
    .update(`${request.ts}${request.method.toUpperCase()}${request.pathWithQuery}`)
    .update(request.body)
    .digest("hex");
}

/** X-Payload-Digest of a callback body. */
export function payloadDigest(secret: string, algorithm: DigestAlgorithm, rawBody: Buffer): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest("hex");
}

const isAlgorithm = (value: unknown): value is DigestAlgorithm =>
  typeof value === "string" && Object.hasOwn(DIGEST_ALGORITHMS, value);

/**
 * Whether a callback is the provider's: the digest header is the HMAC of the raw body with the
 * named algorithm. No secret configured, no header, an unknown algorithm: not the provider's.
 */
export function isSignedCallback(
  secret: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): boolean {
  const digest = headers[SUMSUB_DIGEST_HEADER];
  const algorithm = headers[SUMSUB_DIGEST_ALG_HEADER];
  if (!secret || typeof digest !== "string" || !isAlgorithm(algorithm)) return false;
  const expected = Buffer.from(payloadDigest(secret, algorithm, rawBody), "utf8");
  const given = Buffer.from(digest.toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
