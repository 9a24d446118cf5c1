import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type FilePart, multipartBody, type TestClient } from "../../../test/harness.ts";
import { createOffer, createTrader, openTradersTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { pdfWithPages, pngImage } from "../../../test/sample-files.ts";
import { ID_PAYLOAD, newApplicant, png, sendSides, sendWholeId } from "../../../test/verification-steps.ts";
import { notifyFromFeed } from "../notifications/index.ts";

/**
 * Verification through the API (docs/decisions/116-verification-levels-and-limits.md,
 * docs/decisions/117-manual-review-queue.md): each submission from its start to a moderator's
 * decision, what the decision changes (level, limits, blocked actions, banners, the notice, the
 * activity log) and a trade above the old limit that now starts.
 */

const [t, seller, moderator] = await openTradersTestApp({ roles: ["user", "vendor"] }, { roles: ["moderator"] });
const offerId = await createOffer(seller);
const idOnlyOfferId = await createOffer(seller, { requireVerifiedId: true });

/** Starts an ID verification and sends its three images: it waits in the queue as `uploaded`. */
async function submitId(user: TestUser): Promise<string> {
  const sent = await sendWholeId(user);
  expect(sent.status, sent.text).toBe(200);
  expect(sent.body.data.status).toBe("uploaded");
  return sent.body.data.id as string;
}

const key = () => ({ headers: { "idempotency-key": randomUUID() } });
const kycCheck = async (user: TestUser) => (await user.client.get("/rest/v1/users/kyc-check")).body.data;

/** The audit rows of a submission's decisions. */
async function auditRowsOf(submissionId: string) {
  const { rows } = await sql<{ action: string; actor_user_id: string; subject_id: string; reason: string }>`
    SELECT action, actor_user_id::text, subject_id, reason FROM audit_log
    WHERE details->>'submission' = ${submissionId} ORDER BY id`.execute(t.ownerDb);
  return rows;
}

describe("ID verification", () => {
  it("waits as pending until front, back and selfie are in, then enters the review queue", async () => {
    const user = await newApplicant(t);
    const started = await user.client.post("/account/verification/start/id", ID_PAYLOAD);
    expect(started.body.data).toMatchObject({
      status: "pending",
      missing: ["front", "back", "selfie"],
      provider: "manual",
    });
    const id = started.body.data.id as string;
    const part = await sendSides(user.client, id, { front: await png("f.png"), back: await png("b.png") });
    expect(part.body.data).toMatchObject({ status: "pending", missing: ["selfie"] });
    const queueBefore = await moderator.client.get("/rest/v1/admin/verifications");
    expect(queueBefore.body.data.map((item: { id: string }) => item.id)).not.toContain(id);

    const last = await sendSides(user.client, id, { selfie: await png("s.png") });
    expect(last.body.data).toMatchObject({ status: "uploaded", missing: [] });
    expect(last.body.data.documents.map((document: { side: string }) => document.side).sort()).toEqual([
      "back",
      "front",
      "selfie",
    ]);
    const queue = await moderator.client.get("/rest/v1/admin/verifications");
    const item = queue.body.data.find((entry: { id: string }) => entry.id === id);
    expect(item).toMatchObject({ username: user.username, type: "id", payload: { documentNumber: "X1234567" } });
    expect((await kycCheck(user)).submissions.id).toMatchObject({ id, status: "uploaded" });
  });

  it("approved: the level and limits move, blocks lift, the user is told, and a trade above the old limit starts", async () => {
    const user = await newApplicant(t);
    await sql`UPDATE users SET blocked_kyc_actions = ARRAY['start-trade-sell'] WHERE id = ${user.id}`.execute(
      t.ownerDb,
    );
    const before = await kycCheck(user);
    expect(before).toMatchObject({
      level: 0,
      verificationLevel: "L1",
      isFullyVerified: false,
      limits: { perTradeLimitInFiatCurrency: "1000.00", rolling30DaysLimitInFiatCurrency: "10000.00" },
      unusedTradingVolumeInFiatCurrency: "10000.00",
      banners: { kycIdRequired: true, kycForcedAlert: true },
    });
    const refused = await user.client.post("/rest/v1/trade", { offerId, fiatAmount: "1500" }, key());
    expect(refused.body.errors.code).toBe("ERROR_MAX_PER_TRADE_LIMIT");
    const idOnly = await user.client.post("/rest/v1/trade", { offerId: idOnlyOfferId, fiatAmount: "100" }, key());
    expect(idOnly.body.errors.code).toBe("ERROR_OFFER_REQUIREMENTS_NOT_MET");

    const id = await submitId(user);
    const approved = await moderator.client.post(`/rest/v1/admin/verifications/${id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ status: "approved", reason: null });

    const after = await kycCheck(user);
    expect(after).toMatchObject({
      level: 2,
      verificationLevel: "L2",
      conditions: { id: true, fullname_birthday: true, in_house_id: true, address: false },
      limits: { perTradeLimitInFiatCurrency: "50000.00", rolling30DaysLimitInFiatCurrency: "1500000.00" },
      blockedKycActions: [],
      banners: { kycIdRequired: false, kycForcedAlert: false },
    });
    const me = await user.client.get("/rest/v1/users/current_user");
    expect(me.body.data.kycLevelCheck).toEqual({ level: 2, unusedTradingVolumeInFiatCurrency: "1500000.00" });

    const started = await user.client.post("/rest/v1/trade", { offerId, fiatAmount: "1500" }, key());
    expect(started.status, started.text).toBe(200);
    const withId = await user.client.post("/rest/v1/trade", { offerId: idOnlyOfferId, fiatAmount: "100" }, key());
    expect(withId.status, withId.text).toBe(200);
    expect((await kycCheck(user)).unusedTradingVolumeInFiatCurrency).toBe("1498400.00");

    // The notice is an account event the notifications read from the committed feed (one pass here).
    await notifyFromFeed(t.db);
    const notices = await user.client.get("/rest/v1/notifications");
    expect(JSON.stringify(notices.body)).toContain("account.verification_decided");
    const activity = await user.client.get("/rest/v1/users/activity");
    expect(activity.body.data.map((line: { type: string }) => line.type)).toContain("verification_decided");
    const again = await user.client.post("/account/verification/start/id", ID_PAYLOAD);
    expect(again.status).toBe(409);
    expect(again.body.errors.code).toBe("ERROR_VERIFICATION_ALREADY_VERIFIED");
  });

  it("rejected: the reason is shown, the level stays, and the user may start again", async () => {
    const user = await newApplicant(t);
    const id = await submitId(user);
    const short = await moderator.client.post(`/rest/v1/admin/verifications/${id}/reject`, { reason: "" });
    expect(short.status).toBe(422);
    const rejected = await moderator.client.post(`/rest/v1/admin/verifications/${id}/reject`, {
      reason: "The photo of the front is blurred.",
    });
    expect(rejected.body.data).toMatchObject({ status: "rejected", reason: "The photo of the front is blurred." });
    const check = await kycCheck(user);
    // The decision set the level the verified e-mail and phone give (L1), and no more.
    expect(check).toMatchObject({ level: 1, verificationLevel: "L1", banners: { kycIdRequired: true } });
    expect(check.submissions.id).toMatchObject({ status: "rejected", reason: "The photo of the front is blurred." });
    const twice = await moderator.client.post(`/rest/v1/admin/verifications/${id}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body.errors.code).toBe("ERROR_VERIFICATION_WRONG_STATE");
    // One audit row, the rejection's, written with it; the refused approval wrote none.
    expect(await auditRowsOf(id)).toEqual([
      {
        action: "verification.reject",
        actor_user_id: String(moderator.id),
        subject_id: user.username,
        reason: "The photo of the front is blurred.",
      },
    ]);
    expect((await user.client.post("/account/verification/start/id", ID_PAYLOAD)).status).toBe(200);
  });

  it("a resubmission request marks it corrupted with the reason, and frees the user to send it again", async () => {
    const user = await newApplicant(t);
    const id = await submitId(user);
    const asked = await moderator.client.post(`/rest/v1/admin/verifications/${id}/request-resubmission`, {
      reason: "The selfie is cut off.",
    });
    expect(asked.body.data).toMatchObject({ status: "corrupted", reason: "The selfie is cut off." });
    expect((await kycCheck(user)).submissions.id).toMatchObject({ status: "corrupted" });
    expect((await user.client.post("/account/verification/start/id", ID_PAYLOAD)).status).toBe(200);
  });

  it("a moderator cannot review their own submission", async () => {
    const own = await createTrader(t, { roles: ["moderator"], isIdVerified: false, kycLevel: 0 });
    const id = await submitId(own);
    const self = await own.client.post(`/rest/v1/admin/verifications/${id}/approve`);
    expect(self.status).toBe(403);
    expect(self.body.errors.code).toBe("ERROR_VERIFICATION_SELF_REVIEW");
    expect((await kycCheck(own)).level).toBe(0);
    expect(await auditRowsOf(id)).toEqual([]);
  });

  it("refuses bad input with the envelope and stores nothing of it", async () => {
    const user = await newApplicant(t);
    const wrongCountry = await user.client.post("/account/verification/start/id", {
      ...ID_PAYLOAD,
      issue_country_iso3: "ZZZ",
    });
    expect(wrongCountry.status).toBe(422);
    expect(wrongCountry.body.errors.details).toHaveProperty("issueCountryIso3");
    const wrongType = await user.client.post("/account/verification/start/id", {
      ...ID_PAYLOAD,
      document_type: "library_card",
    });
    expect(wrongType.status).toBe(422);
    const started = await user.client.post("/account/verification/start/id", ID_PAYLOAD);
    const id = started.body.data.id as string;
    const second = await user.client.post("/account/verification/start/id", ID_PAYLOAD);
    expect(second.status).toBe(409);
    expect(second.body.errors).toMatchObject({
      code: "ERROR_VERIFICATION_IN_PROGRESS",
      details: { status: "pending" },
    });

    const pdf = await sendSides(user.client, id, {
      front: { bytes: await pdfWithPages(1), name: "f.pdf", type: "application/pdf" },
    });
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors.details.files).toEqual(["attachment_type_not_allowed"]);
    const text = await sendSides(user.client, id, {
      front: { bytes: Buffer.from("hello"), name: "f.png", type: "image/png" },
    });
    expect(text.status).toBe(422);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(11 * 1024 * 1024)]);
    const large = await sendSides(user.client, id, { front: { bytes: big, name: "big.png", type: "image/png" } });
    expect(large.status).toBe(422);
    expect(large.body.errors.details.files).toEqual(["attachment_limit_size"]);
    const unnamed = await sendSides(user.client, id, { passport: await png("p.png") });
    expect(unnamed.body.errors.details.files).toEqual(["unknown_side"]);
    const documents = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM verification_documents d
      JOIN verification_submissions s ON s.id = d.submission_id WHERE s.public_id = ${id}`.execute(t.ownerDb);
    expect(documents.rows[0]?.n).toBe(0);

    const stranger = await newApplicant(t);
    const notTheirs = await sendSides(stranger.client, id, { front: await png("f.png") });
    expect(notTheirs.status).toBe(404);
  });
});

describe("documents", () => {
  it("the owner sees a thumbnail, a reviewer the file (recorded), nobody else either", async () => {
    const user = await newApplicant(t);
    const id = await submitId(user);
    const item = (await moderator.client.get(`/rest/v1/admin/verifications/${id}`)).body.data;
    const documentId = item.documents[0].id as string;

    const thumbnail = await user.client.get(`/rest/v1/verification/documents/${documentId}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    expect(thumbnail.headers["x-content-type-options"]).toBe("nosniff");

    const stranger = await newApplicant(t);
    expect((await stranger.client.get(`/rest/v1/verification/documents/${documentId}`)).status).toBe(404);
    expect((await stranger.client.get(`/rest/v1/admin/verifications/${id}/documents/${documentId}`)).status).toBe(403);
    expect((await stranger.client.get(`/rest/v1/admin/verifications/${id}`)).status).toBe(403);
    expect((await user.client.post(`/rest/v1/admin/verifications/${id}/approve`)).status).toBe(403);

    const opened = await moderator.client.get(`/rest/v1/admin/verifications/${id}/documents/${documentId}`);
    expect(opened.status).toBe(200);
    const views = await sql<{ reviewer_id: string }>`SELECT v.reviewer_id::text FROM verification_document_views v
      JOIN verification_documents d ON d.id = v.document_id WHERE d.public_id = ${documentId}`.execute(t.ownerDb);
    expect(views.rows).toEqual([{ reviewer_id: String(moderator.id) }]);
  });
});

describe("proof of address", () => {
  async function sendAddress(client: TestClient, fields: Record<string, string>, file: FilePart) {
    const { body, contentType } = await multipartBody([file], fields, "proof");
    return client.request("POST", "/account/verification/start/document", body, {
      headers: { "content-type": contentType },
    });
  }
  const ADDRESS = {
    country_iso3: "USA",
    document_type: "utility_bill",
    city_name: "Springfield",
    address_line_1: "742 Evergreen Terrace",
    zip_code: "49007",
  };

  it("goes to review with its proof; approved, it makes the user fully verified", async () => {
    const user = await newApplicant(t);
    await moderator.client.post(`/rest/v1/admin/verifications/${await submitId(user)}/approve`);
    const sent = await sendAddress(user.client, ADDRESS, {
      bytes: await pdfWithPages(1),
      name: "bill.pdf",
      type: "application/pdf",
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ type: "address", status: "uploaded", documents: [{ side: "proof" }] });
    const again = await sendAddress(user.client, ADDRESS, await png("bill.png"));
    expect(again.body.errors.code).toBe("ERROR_VERIFICATION_IN_PROGRESS");

    await moderator.client.post(`/rest/v1/admin/verifications/${sent.body.data.id}/approve`);
    const check = await kycCheck(user);
    expect(check).toMatchObject({ verificationLevel: "L2+POA", level: 2, isFullyVerified: true });
    expect((await user.client.get("/rest/v1/users/current_user")).body.data.verification.isFullyVerified).toBe(true);
  });

  it("rejected with the reason; bad fields are refused before anything is stored", async () => {
    const user = await newApplicant(t);
    const missing = await sendAddress(user.client, { ...ADDRESS, city_name: "" }, await png("bill.png"));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.details).toHaveProperty("cityName");
    const country = await sendAddress(user.client, { ...ADDRESS, country_iso3: "ZZZ" }, await png("bill.png"));
    expect(country.status).toBe(422);
    const sent = await sendAddress(user.client, ADDRESS, await png("bill.png"));
    const rejected = await moderator.client.post(`/rest/v1/admin/verifications/${sent.body.data.id}/reject`, {
      reason: "The bill is older than three months.",
    });
    expect(rejected.body.data.status).toBe("rejected");
    expect((await kycCheck(user)).submissions.address).toMatchObject({
      status: "rejected",
      reason: "The bill is older than three months.",
    });
  });
});

describe("levels and limits", () => {
  it("lists every level with what it needs and its limits, by page and in a fiat", async () => {
    const user = await newApplicant(t);
    const levels = (await user.client.get("/rest/v1/limits/levels-info")).body.data;
    expect(levels.map((level: { level: string }) => level.level)).toEqual([
      "L0",
      "L1",
      "L1+",
      "L2",
      "L2+POA",
      "L3",
      "L4",
    ]);
    expect(levels[3]).toMatchObject({ accountLevel: 2, needs: ["email", "phone", "fullname_birthday", "id"] });
    expect(levels[6].limits.perTradeLimitInFiatCurrency).toBeNull();
    const second = (await user.client.get("/rest/v1/limits/second-level-limitations")).body.data;
    expect(second).toMatchObject({ page: "second", levels: [{ level: "L2" }, { level: "L2+POA" }] });
    const unknown = await user.client.get("/rest/v1/users/kyc-check?fiatCurrencyCode=XXQ");
    expect(unknown.status).toBe(422);
    const countries = (await user.client.get("/rest/v1/verification/supported-countries")).body.data;
    expect(countries).toContainEqual({ iso: "US", iso3: "USA", name: "United States" });
    expect((await user.client.get("/rest/v1/verification/document-country")).body.data.iso3).toBe("USA");
    expect((await user.client.get("/rest/v1/verification/left-attempt/video")).body.data).toEqual({
      type: "video",
      attemptsLeft: 3,
      selfieMode: "ENROL",
    });
  });
});
