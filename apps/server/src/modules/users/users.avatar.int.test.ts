import { AVATAR_MAX_BYTES } from "@souk/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type FilePart, multipartBody, type TestApp, type TestClient } from "../../../test/harness.ts";
import { jpegWithExif, pdfWithPages, pngImage } from "../../../test/sample-files.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function upload(client: TestClient, files: FilePart[]) {
  const { body, contentType } = await multipartBody(files, {}, "file");
  return client.request("POST", "/rest/v1/users/process-avatar", body, { headers: { "content-type": contentType } });
}

const refusal = (body: unknown) => (body as { errors?: { details?: { files?: string[] } } }).errors?.details?.files;

describe("POST /rest/v1/users/process-avatar", () => {
  it("stores a square 256 px WebP without the photo's metadata, shown on the profile and served publicly", async () => {
    const client = await t.signUp();
    const me = await client.get("/rest/v1/users/current_user");
    const username = me.body.data.username as string;
    const answer = await upload(client, [{ bytes: await jpegWithExif(600, 300), name: "me.jpg", type: "image/jpeg" }]);
    expect(answer.status, answer.text).toBe(200);
    const avatarUrl = answer.body.data.avatarUrl as string;
    expect(avatarUrl).toMatch(/^\/rest\/v1\/avatars\/[0-9a-f-]{36}$/);
    const profile = await t.client().get(`/rest/v1/users/${username}`);
    expect(profile.body.data.avatarUrl).toBe(avatarUrl);

    const served = await t.app.inject({ method: "GET", url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();

    // A second avatar replaces the first, whose file goes.
    const again = await upload(client, [{ bytes: await pngImage(128, 128), name: "b.png", type: "image/png" }]);
    expect(again.status).toBe(200);
    expect(again.body.data.avatarUrl).not.toBe(avatarUrl);
    expect((await t.app.inject({ method: "GET", url: avatarUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: again.body.data.avatarUrl })).statusCode).toBe(200);
  });

  it("refuses what is not an image, too large, too small, badly proportioned, or missing, in the envelope", async () => {
    const client = await t.signUp();
    const pdf = await upload(client, [{ bytes: await pdfWithPages(1), name: "a.pdf", type: "application/pdf" }]);
    expect(pdf.status).toBe(422);
    expect(refusal(pdf.body)).toEqual(["attachment_type_not_allowed"]);
    const text = await upload(client, [{ bytes: Buffer.from("hello"), name: "a.txt", type: "text/plain" }]);
    expect(refusal(text.body)).toEqual(["attachment_type_not_allowed"]);
    const fake = await upload(client, [{ bytes: Buffer.from("not a png"), name: "a.png", type: "image/png" }]);
    expect(refusal(fake.body)).toEqual(["attachment_image_broken"]);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const large = await upload(client, [{ bytes: big, name: "big.png", type: "image/png" }]);
    expect(large.status).toBe(422);
    expect(refusal(large.body)).toEqual(["attachment_limit_size"]);
    const small = await upload(client, [{ bytes: await pngImage(40, 40), name: "s.png", type: "image/png" }]);
    expect(refusal(small.body)).toEqual(["avatar_too_small"]);
    const banner = await upload(client, [{ bytes: await pngImage(900, 100), name: "w.png", type: "image/png" }]);
    expect(refusal(banner.body)).toEqual(["avatar_proportions"]);
    const two = await upload(client, [
      { bytes: await pngImage(100, 100), name: "1.png", type: "image/png" },
      { bytes: await pngImage(100, 100), name: "2.png", type: "image/png" },
    ]);
    expect(refusal(two.body)).toEqual(["attachment_limit_count"]);
    const none = await upload(client, []);
    expect(none.status).toBe(422);
    const json = await client.post("/rest/v1/users/process-avatar", { fileUrl: "https://example.com/a.png" });
    expect(json.status).toBe(422);
    expect(refusal(json.body)).toEqual(["attachment_required"]);
    expect((await client.get("/rest/v1/users/current_user")).body.data.avatarUrl).toBeNull();
  });

  it("asks for a session, and an unknown avatar is 404", async () => {
    const visitor = await upload(t.client(), [{ bytes: await pngImage(100, 100), name: "a.png", type: "image/png" }]);
    expect(visitor.status).toBe(401);
    const missing = await t.app.inject({ method: "GET", url: "/rest/v1/avatars/00000000-0000-4000-8000-000000000000" });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/rest/v1/avatars/..%2F..%2Fetc" })).statusCode).toBe(422);
  });
});
