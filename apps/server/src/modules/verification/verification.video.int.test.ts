import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FilePart, TestApp, TestClient } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { isoMediaFile, pngImage, webmFile } from "../../../test/sample-files.ts";
import { postFiles } from "../../../test/verification-steps.ts";
import { fileStorageFor } from "../../platform/index.ts";
import { purgeVerificationDocumentsJob } from "./jobs/purge-documents.job.ts";

/**
 * Video verification through the API (docs/decisions/119-video-verification.md): the tries the
 * left-attempt route shows are the ones the upload spends, the selfie mode follows the ID, a video
 * is checked by its bytes, and one after the last try is refused with nothing stored. Then the
 * retention (docs/decisions/121-verification-document-retention.md): the files of a rejected
 * submission or a closed account go after SOUK_DOCUMENT_RETENTION_DAYS, the rows stay.
 */

let t: TestApp;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTradesTestApp();
  moderator = await createTrader(t, { roles: ["moderator"] });
});
afterAll(async () => {
  await t.close();
});

function sendVideo(client: TestClient, file: FilePart, field = "video") {
  return postFiles(client, "/account/verification/video/upload", { [field]: file });
}

const mp4 = () => ({ bytes: isoMediaFile("mp42", 64 * 1024), name: "me.mp4", type: "video/mp4" });
const leftAttempt = async (user: TestUser) =>
  (await user.client.get("/rest/v1/verification/left-attempt/video")).body.data;

async function storedDocuments(userId: number): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM verification_documents d
    JOIN verification_submissions s ON s.id = d.submission_id WHERE s.user_id = ${userId}`.execute(t.ownerDb);
  return result.rows[0]?.n ?? 0;
}

describe("video verification", () => {
  it("shows three tries and the selfie mode: ENROL without a verified ID, VERIFY with one", async () => {
    const withoutId = await createTrader(t, { isIdVerified: false, kycLevel: 0 });
    expect(await leftAttempt(withoutId)).toEqual({ type: "video", attemptsLeft: 3, selfieMode: "ENROL" });
    const withId = await createTrader(t);
    expect(await leftAttempt(withId)).toEqual({ type: "video", attemptsLeft: 3, selfieMode: "VERIFY" });
    const id = await withId.client.get("/rest/v1/verification/left-attempt/id");
    expect(id.body.data).toEqual({ type: "id", attemptsLeft: 1, selfieMode: null });
  });

  it("takes an MP4 into the review queue with its mode, spends a try, and an approval verifies the video", async () => {
    const user = await createTrader(t);
    const sent = await sendVideo(user.client, mp4());
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ type: "video", status: "uploaded", missing: [] });
    expect(sent.body.data.documents).toEqual([{ id: expect.any(String), side: "video", contentType: "video/mp4" }]);
    expect(await leftAttempt(user)).toMatchObject({ attemptsLeft: 2 });

    const second = await sendVideo(user.client, { bytes: webmFile(), name: "me.webm", type: "video/webm" });
    expect(second.status).toBe(409);
    expect(second.body.errors).toMatchObject({
      code: "ERROR_VERIFICATION_IN_PROGRESS",
      details: { status: "uploaded" },
    });

    const id = sent.body.data.id as string;
    const item = await moderator.client.get(`/rest/v1/admin/verifications/${id}`);
    expect(item.body.data).toMatchObject({ type: "video", payload: { selfieMode: "VERIFY" } });
    const documentId = sent.body.data.documents[0].id as string;
    const file = await moderator.client.download(`/rest/v1/admin/verifications/${id}/documents/${documentId}`);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("video/mp4");
    expect(String(file.headers["content-disposition"])).toContain("attachment");
    expect(file.bytes.equals(mp4().bytes)).toBe(true);

    const approved = await moderator.client.post(`/rest/v1/admin/verifications/${id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const check = (await user.client.get("/rest/v1/users/kyc-check")).body.data;
    expect(check.conditions.video).toBe(true);
    const again = await sendVideo(user.client, mp4());
    expect(again.body.errors.code).toBe("ERROR_VERIFICATION_ALREADY_VERIFIED");
  });

  it("refuses what is not a video, or a file under another name, and stores nothing", async () => {
    const user = await createTrader(t);
    const image = await sendVideo(user.client, { bytes: await pngImage(), name: "me.mp4", type: "video/mp4" });
    expect(image.status).toBe(422);
    expect(image.body.errors.details.files).toEqual(["attachment_type_not_allowed"]);
    const misnamed = await sendVideo(user.client, mp4(), "selfie");
    expect(misnamed.status).toBe(422);
    expect(misnamed.body.errors.details.files).toEqual(["unknown_side"]);
    expect(await storedDocuments(user.id)).toBe(0);
    expect(await leftAttempt(user)).toMatchObject({ attemptsLeft: 3 });
  });

  it("after the last try: refused clearly, nothing stored, and left-attempt says 0", async () => {
    const user = await createTrader(t);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const sent = await sendVideo(user.client, mp4());
      expect(sent.status, sent.text).toBe(200);
      const rejected = await moderator.client.post(`/rest/v1/admin/verifications/${sent.body.data.id}/reject`, {
        reason: "Your face is not visible.",
      });
      expect(rejected.status, rejected.text).toBe(200);
    }
    expect(await leftAttempt(user)).toMatchObject({ attemptsLeft: 0 });
    const fourth = await sendVideo(user.client, mp4());
    expect(fourth.status).toBe(409);
    expect(fourth.body.errors).toMatchObject({
      code: "ERROR_VERIFICATION_NO_ATTEMPTS_LEFT",
      details: { attemptsLeft: 0 },
    });
    expect(await storedDocuments(user.id)).toBe(3);
  });
});

describe("document retention", () => {
  const runPurge = () =>
    purgeVerificationDocumentsJob.handler(
      {},
      { config: t.config, db: t.db, log: pino({ level: "silent" }), send: async () => {} },
    );
  const documentOf = async (submissionId: string) =>
    (
      await sql<{ public_id: string; storage_key: string | null; removed_at: Date | null }>`
        SELECT d.public_id, d.storage_key, d.removed_at FROM verification_documents d
        JOIN verification_submissions s ON s.id = d.submission_id WHERE s.public_id = ${submissionId}`.execute(
        t.ownerDb,
      )
    ).rows[0];
  const age = async (submissionIds: string[], userId: number) => {
    const days = sql`make_interval(days => ${t.config.SOUK_DOCUMENT_RETENTION_DAYS + 1})`;
    await sql`UPDATE verification_submissions SET decided_at = decided_at - ${days}
      WHERE public_id = ANY(${submissionIds}::text[])`.execute(t.ownerDb);
    await sql`UPDATE users SET closed_at = closed_at - ${days} WHERE id = ${userId}`.execute(t.ownerDb);
  };
  const videoOf = async (user: TestUser) => {
    const sent = await sendVideo(user.client, mp4());
    expect(sent.status, sent.text).toBe(200);
    return sent.body.data.id as string;
  };

  it("removes the files of a rejected video and a closed account's after the retention, keeps the rows and the rest", async () => {
    const rejectedUser = await createTrader(t);
    const rejected = await videoOf(rejectedUser);
    await moderator.client.post(`/rest/v1/admin/verifications/${rejected}/reject`, { reason: "Too dark to see." });
    const closedUser = await createTrader(t);
    const closed = await videoOf(closedUser);
    const keptUser = await createTrader(t);
    const kept = await videoOf(keptUser);
    await moderator.client.post(`/rest/v1/admin/verifications/${kept}/approve`);
    await sql`UPDATE users SET closed_at = now() WHERE id = ${closedUser.id}`.execute(t.ownerDb);
    const rejectedKey = (await documentOf(rejected))?.storage_key;
    if (!rejectedKey) throw new Error("the rejected video has no file");

    // Inside the retention period nothing goes.
    await runPurge();
    expect((await documentOf(rejected))?.storage_key).toBe(rejectedKey);

    await age([rejected, kept], closedUser.id);
    await runPurge();
    for (const id of [rejected, closed]) {
      expect(await documentOf(id)).toMatchObject({ storage_key: null, removed_at: expect.any(Date) });
    }
    expect(await fileStorageFor(t.config).get(rejectedKey)).toBeNull();
    expect((await documentOf(kept))?.storage_key).not.toBeNull();
    // The submission stays, with its reason; its document can no longer be opened.
    const check = (await rejectedUser.client.get("/rest/v1/users/kyc-check")).body.data;
    expect(check.submissions.video).toMatchObject({ id: rejected, status: "rejected", reason: "Too dark to see." });
    const documentId = (await documentOf(rejected))?.public_id;
    const gone = await moderator.client.download(`/rest/v1/admin/verifications/${rejected}/documents/${documentId}`);
    expect(gone.status).toBe(404);
    // A second run finds nothing more to do.
    await runPurge();
    expect((await documentOf(kept))?.storage_key).not.toBeNull();
  });
});
