import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient, uniqueName } from "../../../test/harness.ts";
import { totpCode } from "../two-factor/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A user with a verified phone (written as confirm-phone writes it) and, if asked, the authenticator factor on. */
async function userWithPhone(withFactor: boolean): Promise<{ client: TestClient; recoveryCodes: string[] }> {
  const username = uniqueName("phonereset");
  const client = await t.signUp({ username });
  await sql`UPDATE users SET phone = ${`+3361234${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`},
    phone_verified_at = now() WHERE username = ${username}`.execute(t.ownerDb);
  if (!withFactor) return { client, recoveryCodes: [] };
  const option = await client.post("/rest/v1/users/two-factor/option", { type: "ga" });
  const enabled = await client.post("/rest/v1/users/two-factor/enable", {
    code: totpCode(option.body.data.secret, Date.now()),
  });
  expect(enabled.status).toBe(200);
  return { client, recoveryCodes: enabled.body.data.recoveryCodes };
}

const isVerified = async (client: TestClient) =>
  (await client.get("/rest/v1/users/phone-settings")).body.data.isVerified as boolean;

describe("POST /rest/v1/users/reset-phone", () => {
  it("with a second factor on: refused without a code or with a wrong one, and the number stays", async () => {
    const { client, recoveryCodes } = await userWithPhone(true);
    const bare = await client.post("/rest/v1/users/reset-phone", {});
    expect(bare.status).toBe(403);
    expect(bare.body.errors.code).toBe("ERROR_SECOND_FACTOR_REQUIRED");
    expect(bare.body.errors.details).toEqual({ code: ["second_factor_required"] });
    const wrong = await client.post("/rest/v1/users/reset-phone", { code: "AAAAA-AAAAA" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors.details).toEqual({ code: ["second_factor_invalid"] });
    expect(await isVerified(client)).toBe(true);

    const reset = await client.post("/rest/v1/users/reset-phone", { code: recoveryCodes[0] });
    expect(reset.status).toBe(200);
    expect(reset.body.data.isVerified).toBe(false);
    expect(await isVerified(client)).toBe(false);
  });

  it("without a second factor: no code is asked, with or without a body", async () => {
    const { client } = await userWithPhone(false);
    const reset = await client.post("/rest/v1/users/reset-phone");
    expect(reset.status).toBe(200);
    expect(reset.body.data.isVerified).toBe(false);
  });

  it("refuses a body with other fields in the envelope", async () => {
    const { client } = await userWithPhone(false);
    const odd = await client.post("/rest/v1/users/reset-phone", { phone: "+33612345678" });
    expect(odd.status).toBe(422);
    expect(odd.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
  });
});
