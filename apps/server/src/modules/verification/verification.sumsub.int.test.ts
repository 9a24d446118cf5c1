import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSumsub, startFakeSumsub } from "../../../test/fake-sumsub.ts";
import type { TestApp } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { ID_PAYLOAD, newApplicant, png, sendSides, sendWholeId } from "../../../test/verification-steps.ts";

/**
 * The SumSub-shaped provider (docs/decisions/118-sumsub-provider.md) against a local fake that
 * checks every request's signature: a complete submission becomes an applicant with its documents
 * and its check asked for; the provider's signed callback decides it once; a callback whose
 * signature does not check out decides nothing.
 */

let t: TestApp;
let sumsub: FakeSumsub;
let callbackUrl: string;
let moderator: TestUser;

beforeAll(async () => {
  sumsub = await startFakeSumsub();
  t = await createTradesTestApp({
    VERIFICATION_PROVIDER: "sumsub",
    SUMSUB_BASE_URL: sumsub.baseUrl,
    SUMSUB_APP_TOKEN: sumsub.appToken,
    SUMSUB_SECRET_KEY: sumsub.secretKey,
    SUMSUB_WEBHOOK_SECRET: sumsub.webhookSecret,
    SUMSUB_LEVEL_NAME: "souk-id-level",
  });
  // The provider calls back over HTTP, as it would in production.
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  callbackUrl = `http://127.0.0.1:${port}/rest/v3/kyc/verifications/sumsub/callback`;
  moderator = await createTrader(t, { roles: ["moderator"] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sumsub?.close();
});

/** An ID handed to the provider: the submission's id and the applicant's (its reference). */
async function submitId(user: TestUser): Promise<{ id: string; applicantId: string }> {
  const sent = await sendWholeId(user);
  expect(sent.status, sent.text).toBe(200);
  expect(sent.body.data).toMatchObject({ status: "uploaded", provider: "sumsub" });
  const id = sent.body.data.id as string;
  const applicant = sumsub.applicants.find((item) => item.externalUserId === `souk-${id}`);
  if (!applicant) throw new Error("the provider got no applicant");
  return { id, applicantId: applicant.id };
}

const reviewed = (applicantId: string, reviewResult: object) => ({
  applicantId,
  inspectionId: "insp-1",
  correlationId: "corr-1",
  type: "applicantReviewed",
  reviewStatus: "completed",
  createdAtMs: "2026-11-28 10:00:00.000",
  reviewResult,
});

const kycCheck = async (user: TestUser) => (await user.client.get("/rest/v1/users/kyc-check")).body.data;

async function decisionsLogged(userId: number): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM account_activity WHERE user_id = ${userId} AND type = 'verification_decided'`.execute(
    t.ownerDb,
  );
  return result.rows[0]?.n ?? 0;
}

describe("the SumSub-shaped provider", () => {
  it("hands a complete ID over: an applicant at the level, its three documents, its check asked for, all signed", async () => {
    const user = await newApplicant(t);
    const refusedBefore = sumsub.refused;
    const { applicantId } = await submitId(user);
    const applicant = sumsub.applicants.find((item) => item.id === applicantId);
    expect(applicant).toMatchObject({
      levelName: "souk-id-level",
      fixedInfo: { firstName: "Ada", lastName: "Lovelace", country: "USA" },
    });
    const documents = sumsub.documents.filter((document) => document.applicantId === applicantId);
    expect(documents.map((document) => document.metadata)).toEqual([
      { idDocType: "PASSPORT", idDocSubType: "FRONT_SIDE", country: "USA" },
      { idDocType: "PASSPORT", idDocSubType: "BACK_SIDE", country: "USA" },
      { idDocType: "SELFIE", country: "USA" },
    ]);
    expect(documents.every((document) => document.bytes > 0)).toBe(true);
    expect(sumsub.checksRequested).toContain(applicantId);
    expect(sumsub.refused).toBe(refusedBefore);
  });

  it("a provider that does not answer: 503, and the submission still waits for its files with none stored", async () => {
    const user = await newApplicant(t);
    const started = await user.client.post("/account/verification/start/id", ID_PAYLOAD);
    const id = started.body.data.id as string;
    sumsub.isDown = true;
    try {
      const sent = await sendSides(user.client, id, {
        front: await png("front.png"),
        back: await png("back.png"),
        selfie: await png("selfie.png"),
      });
      expect(sent.status).toBe(503);
      expect(sent.body.errors.code).toBe("ERROR_VERIFICATION_PROVIDER_UNAVAILABLE");
    } finally {
      sumsub.isDown = false;
    }
    expect((await kycCheck(user)).submissions.id).toMatchObject({
      id,
      status: "pending",
      documents: [],
      missing: ["front", "back", "selfie"],
    });
  });

  it("refuses a callback whose signature does not check out, and decides nothing", async () => {
    const user = await newApplicant(t);
    const { id, applicantId } = await submitId(user);
    const green = reviewed(applicantId, { reviewAnswer: "GREEN" });
    const forged = await sumsub.callback(callbackUrl, green, { secret: "not-the-webhook-secret" });
    expect(forged.status).toBe(401);
    expect(forged.body.errors.code).toBe("ERROR_VERIFICATION_BAD_SIGNATURE");
    const unknownAlgorithm = await sumsub.callback(callbackUrl, green, { algorithm: "HMAC_MD5_HEX" });
    expect(unknownAlgorithm.status).toBe(401);
    const unsigned = await fetch(callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(green),
    });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { errors: { code: string } }).errors.code).toBe(
      "ERROR_VERIFICATION_BAD_SIGNATURE",
    );
    expect((await kycCheck(user)).submissions.id).toMatchObject({ id, status: "uploaded" });
    expect(await decisionsLogged(user.id)).toBe(0);
  });

  it("GREEN approves once: the level moves (no in-house ID), and the same callback again decides nothing", async () => {
    const user = await newApplicant(t);
    const { id, applicantId } = await submitId(user);
    const green = reviewed(applicantId, { reviewAnswer: "GREEN" });
    const first = await sumsub.callback(callbackUrl, green, { algorithm: "HMAC_SHA512_HEX" });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ isDecided: true });
    const again = await sumsub.callback(callbackUrl, green);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ isDecided: false });
    const check = await kycCheck(user);
    expect(check).toMatchObject({
      level: 2,
      verificationLevel: "L2",
      conditions: { id: true, fullname_birthday: true, in_house_id: false },
    });
    expect(check.submissions.id).toMatchObject({ id, status: "approved", provider: "sumsub" });
    expect(await decisionsLogged(user.id)).toBe(1);
  });

  it("RED FINAL rejects with the provider's reason; RED RETRY asks for the ID again", async () => {
    const rejectedUser = await newApplicant(t);
    const rejected = await submitId(rejectedUser);
    const red = reviewed(rejected.applicantId, {
      reviewAnswer: "RED",
      reviewRejectType: "FINAL",
      rejectLabels: ["FORGERY", "DOCUMENT_TEMPLATE"],
    });
    expect((await sumsub.callback(callbackUrl, red, { algorithm: "HMAC_SHA1_HEX" })).body.data).toEqual({
      isDecided: true,
    });
    const afterRed = await kycCheck(rejectedUser);
    expect(afterRed.submissions.id).toMatchObject({ status: "rejected", reason: "FORGERY, DOCUMENT_TEMPLATE" });
    expect(afterRed.conditions.id).toBe(false);

    const retryUser = await newApplicant(t);
    const retried = await submitId(retryUser);
    const retry = reviewed(retried.applicantId, {
      reviewAnswer: "RED",
      reviewRejectType: "RETRY",
      rejectLabels: ["BAD_SELFIE"],
      clientComment: "The selfie is too dark.",
    });
    expect((await sumsub.callback(callbackUrl, retry)).body.data).toEqual({ isDecided: true });
    expect((await kycCheck(retryUser)).submissions.id).toMatchObject({
      status: "corrupted",
      reason: "The selfie is too dark.",
    });
  });

  it("acknowledges what is not a review, and answers 404 for an applicant it never made", async () => {
    const pending = await sumsub.callback(callbackUrl, { applicantId: "x", type: "applicantPending" });
    expect(pending).toMatchObject({ status: 200, body: { data: { isDecided: false } } });
    const unknown = await sumsub.callback(callbackUrl, reviewed("no-such-applicant", { reviewAnswer: "GREEN" }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors.code).toBe("ERROR_VERIFICATION_NOT_FOUND");
  });

  it("a moderator may still decide from the queue; the provider's callback after it changes nothing", async () => {
    const user = await newApplicant(t);
    const { id, applicantId } = await submitId(user);
    const approved = await moderator.client.post(`/rest/v1/admin/verifications/${id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const red = reviewed(applicantId, { reviewAnswer: "RED", reviewRejectType: "FINAL", rejectLabels: ["FORGERY"] });
    expect((await sumsub.callback(callbackUrl, red)).body.data).toEqual({ isDecided: false });
    expect((await kycCheck(user)).submissions.id).toMatchObject({ id, status: "approved" });
    expect(await decisionsLogged(user.id)).toBe(1);
  });

  it("mark-pending asks the provider to check the owner's waiting submission; nobody else's", async () => {
    const user = await newApplicant(t);
    const { id, applicantId } = await submitId(user);
    const checksBefore = sumsub.checksRequested.filter((item) => item === applicantId).length;
    const marked = await user.client.post("/rest/v3/kyc/verifications/sumsub/mark-pending", {
      verificationReference: applicantId,
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.data).toMatchObject({ id, status: "uploaded" });
    expect(sumsub.checksRequested.filter((item) => item === applicantId)).toHaveLength(checksBefore + 1);

    const stranger = await newApplicant(t);
    const notTheirs = await stranger.client.post("/rest/v3/kyc/verifications/sumsub/mark-pending", {
      verificationReference: applicantId,
    });
    expect(notTheirs.status).toBe(404);
    const empty = await user.client.post("/rest/v3/kyc/verifications/sumsub/mark-pending", {
      verificationReference: "",
    });
    expect(empty.status).toBe(422);

    await sumsub.callback(callbackUrl, reviewed(applicantId, { reviewAnswer: "GREEN" }));
    const decided = await user.client.post("/rest/v3/kyc/verifications/sumsub/mark-pending", {
      verificationReference: applicantId,
    });
    expect(decided.status).toBe(409);
    expect(decided.body.errors).toMatchObject({
      code: "ERROR_VERIFICATION_WRONG_STATE",
      details: { status: "approved" },
    });
  });
});
