import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { isoMediaFile, pngImage, webmFile } from "../../../test/sample-files.ts";

/**
 * Video verification through the API (docs/decisions/119-video-verification.md): the tries the
 * left-attempt route shows are the ones the upload spends, the selfie mode follows the ID, a video
 * is checked by its bytes, and one after the last try is refused with nothing stored.
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

async function sendVideo(client: TestClient, file: { bytes: Buffer; name: string; type: string }, field = "video") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return client.request("POST", "/account/verification/video/upload", Buffer.from(await response.arrayBuffer()), {
    headers: { "content-type": response.headers.get("content-type") ?? "" },
  });
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
    expect(second.body.errors).toMatchObject({ code: "ERROR_VERIFICATION_IN_PROGRESS", details: { status: "uploaded" } });

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
