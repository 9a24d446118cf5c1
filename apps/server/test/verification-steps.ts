import { sql } from "kysely";
import type { FilePart, TestApp, TestClient, TestResponse } from "./harness.ts";
import { createTrader, type TestUser } from "./races/trade-fixtures.ts";
import { pngImage } from "./sample-files.ts";

/** Steps of the verification tests: an applicant, the ID's payload, its images and a video. */

export const ID_PAYLOAD = {
  issue_country_iso3: "USA",
  document_type: "passport",
  first_name_original: "Ada",
  last_name_original: "Lovelace",
  document_number: "X1234567",
};

/**
 * A user with a verified e-mail and phone and no ID, whose stored level is still 0 (as an account
 * from before levels followed the conditions); the first decision sets the level they give.
 */
export async function newApplicant(t: TestApp): Promise<TestUser> {
  const user = await createTrader(t, { isIdVerified: false, kycLevel: 0 });
  await sql`UPDATE users SET phone = '+12025550143', phone_verified_at = now() WHERE id = ${user.id}`.execute(
    t.ownerDb,
  );
  return user;
}

export const png = async (name: string): Promise<FilePart> => ({
  bytes: await pngImage(200, 140),
  name,
  type: "image/png",
});

/** A multipart POST of files by field name. */
export async function postFiles(
  client: TestClient,
  url: string,
  files: Record<string, FilePart>,
): Promise<TestResponse<any>> {
  const form = new FormData();
  for (const [field, file] of Object.entries(files)) {
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  const response = new Response(form);
  return client.request("POST", url, Buffer.from(await response.arrayBuffer()), {
    headers: { "content-type": response.headers.get("content-type") ?? "" },
  });
}

export function sendSides(client: TestClient, submissionId: string, sides: Record<string, FilePart>) {
  return postFiles(client, `/account/verification/id/${submissionId}/documents`, sides);
}

/** Starts an ID verification and sends its three images: it goes to the provider as `uploaded`. */
export async function sendWholeId(user: TestUser): Promise<TestResponse<any>> {
  const started = await user.client.post("/account/verification/start/id", ID_PAYLOAD);
  if (started.status !== 200) throw new Error(`the ID start failed: ${started.status} ${started.text}`);
  return sendSides(user.client, started.body.data.id as string, {
    front: await png("front.png"),
    back: await png("back.png"),
    selfie: await png("selfie.png"),
  });
}
