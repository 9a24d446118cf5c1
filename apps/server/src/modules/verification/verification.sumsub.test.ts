import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentMetadataOf, fixedInfoOf, sumsubDecisionOf } from "./verification.sumsub-provider.ts";
import { isSignedCallback, payloadDigest, requestSignature } from "./verification.sumsub-signing.ts";

/** The SumSub-shaped provider's pure parts (docs/decisions/118-sumsub-provider.md). */

const SECRET = "webhook-secret-1";
const body = Buffer.from('{"type":"applicantReviewed","applicantId":"a1"}');

describe("request signatures", () => {
  it("is the hex HMAC-SHA256 of ts, the upper-cased method, the path with its query and the body", () => {
    const signature = requestSignature("key", {
      ts: 1_700_000_000,
      method: "post",
      pathWithQuery: "/resources/applicants?levelName=basic",
      body: Buffer.from('{"externalUserId":"u"}'),
    });
    const expected = createHmac("sha256", "key")
      .update('1700000000POST/resources/applicants?levelName=basic{"externalUserId":"u"}')
      .digest("hex");
    expect(signature).toBe(expected);
  });
});

describe("callback digests", () => {
  const headersFor = (algorithm: string, digest: string) => ({
    "x-payload-digest": digest,
    "x-payload-digest-alg": algorithm,
  });

  it("accepts each algorithm the provider names, over the exact bytes", () => {
    for (const algorithm of ["HMAC_SHA1_HEX", "HMAC_SHA256_HEX", "HMAC_SHA512_HEX"] as const) {
      const digest = payloadDigest(SECRET, algorithm, body);
      expect(isSignedCallback(SECRET, headersFor(algorithm, digest), body)).toBe(true);
      expect(isSignedCallback(SECRET, headersFor(algorithm, digest.toUpperCase()), body)).toBe(true);
    }
  });

  it("refuses another secret, changed bytes, a missing or unknown algorithm, and no secret configured", () => {
    const digest = payloadDigest(SECRET, "HMAC_SHA256_HEX", body);
    expect(isSignedCallback("another-secret", headersFor("HMAC_SHA256_HEX", digest), body)).toBe(false);
    expect(isSignedCallback(SECRET, headersFor("HMAC_SHA256_HEX", digest), Buffer.from(`${body} `))).toBe(false);
    expect(isSignedCallback(SECRET, { "x-payload-digest": digest }, body)).toBe(false);
    expect(isSignedCallback(SECRET, headersFor("HMAC_MD5_HEX", digest), body)).toBe(false);
    expect(isSignedCallback(SECRET, headersFor("toString", digest), body)).toBe(false);
    expect(isSignedCallback(undefined, headersFor("HMAC_SHA256_HEX", digest), body)).toBe(false);
    expect(isSignedCallback(SECRET, headersFor("HMAC_SHA256_HEX", digest.slice(1)), body)).toBe(false);
  });
});

describe("decisions of a callback", () => {
  const review = (reviewResult: object) => ({ type: "applicantReviewed", applicantId: "a1", reviewResult });

  it("GREEN approves", () => {
    expect(sumsubDecisionOf(review({ reviewAnswer: "GREEN" }))).toEqual({ outcome: "approved" });
  });

  it("RED rejects with the comment to us, else the labels; RETRY asks for it again", () => {
    expect(
      sumsubDecisionOf(review({ reviewAnswer: "RED", reviewRejectType: "FINAL", rejectLabels: ["FORGERY"] })),
    ).toEqual({ outcome: "rejected", reason: "FORGERY" });
    expect(
      sumsubDecisionOf(review({ reviewAnswer: "RED", rejectLabels: ["BLURRY"], clientComment: "Too blurry." })),
    ).toEqual({ outcome: "rejected", reason: "Too blurry." });
    expect(sumsubDecisionOf(review({ reviewAnswer: "RED", reviewRejectType: "RETRY", rejectLabels: [] }))).toEqual({
      outcome: "resubmission_requested",
      reason: "Turned down by the verification provider.",
    });
  });

  it("anything but a review decides nothing", () => {
    expect(sumsubDecisionOf({ type: "applicantPending", applicantId: "a1" })).toBeNull();
    expect(sumsubDecisionOf(review({ reviewAnswer: "YELLOW" }))).toBeNull();
    expect(sumsubDecisionOf(null)).toBeNull();
  });
});

describe("what the provider is handed", () => {
  const id = { type: "id", payload: { issueCountryIso3: "USA", documentType: "driving_license" } };

  it("names each side of an ID, the selfie, a proof of address and a video", () => {
    expect(documentMetadataOf(id, "front")).toEqual({
      idDocType: "DRIVERS",
      idDocSubType: "FRONT_SIDE",
      country: "USA",
    });
    expect(documentMetadataOf(id, "back")).toEqual({ idDocType: "DRIVERS", idDocSubType: "BACK_SIDE", country: "USA" });
    expect(documentMetadataOf(id, "selfie")).toEqual({ idDocType: "SELFIE", country: "USA" });
    const address = { type: "address", payload: { countryIso3: "FRA", documentType: "tax_document" } };
    expect(documentMetadataOf(address, "proof")).toEqual({ idDocType: "OTHER", country: "FRA" });
    expect(documentMetadataOf({ type: "video", payload: {} }, "video")).toEqual({ idDocType: "VIDEO_SELFIE" });
  });

  it("says who the applicant is from the names typed, leaving out what is empty", () => {
    expect(
      fixedInfoOf({
        firstNameOriginal: "Ada",
        middleNameOriginal: "",
        lastNameOriginal: "Lovelace",
        issueCountryIso3: "GBR",
      }),
    ).toEqual({ firstName: "Ada", lastName: "Lovelace", country: "GBR" });
  });
});
