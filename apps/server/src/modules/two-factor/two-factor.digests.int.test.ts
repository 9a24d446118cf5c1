import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type TestApp } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp } from "../../../test/races/trade-fixtures.ts";
import { listMail } from "../mail/index.ts";
import { totpCode } from "./index.ts";

/** Codes are kept as keyed digests (decision 087); recovery codes kept as plain hashes before keep working. */
let t: TestApp;

beforeAll(async () => {
  t = await createTradesTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("keyed code digests", () => {
  it("recovery codes stored as plain SHA-256 hashes keep working once, and are upgraded", async () => {
    const user = await createTrader(t);
    const option = await user.client.post("/rest/v1/users/two-factor/option", { type: "ga" });
    const secret = option.body.data.secret as string;
    const enabled = await user.client.post("/rest/v1/users/two-factor/enable", { code: totpCode(secret, Date.now()) });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data.recoveryCodes as string[];
    // The rows as the former code kept them: SHA-256 of the code without its dash.
    await sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${user.id}`.execute(t.ownerDb);
    for (const code of codes) {
      await sql`INSERT INTO two_factor_recovery_codes (user_id, code_hash, is_legacy_hash)
        VALUES (${user.id}, ${sha256(code.replace("-", ""))}, true)`.execute(t.ownerDb);
    }
    const logIn = async (code: string) => {
      const client = t.client();
      const first = await client.post("/rest/v1/auth/login", { login: user.username, password: TEST_PASSWORD });
      expect(first.body.data.twoFactorRequired).toBe(true);
      return (await client.post("/rest/v1/auth/login/two-factor", { code })).status;
    };
    expect(await logIn(codes[0] ?? "")).toBe(200);
    expect(await logIn(codes[0] ?? "")).toBe(422);
    expect(await logIn(codes[1] ?? "")).toBe(200);
    const rows = await sql<{ code_hash: string; is_legacy_hash: boolean }>`SELECT code_hash, is_legacy_hash
      FROM two_factor_recovery_codes WHERE user_id = ${user.id}`.execute(t.ownerDb);
    expect(rows.rows).toHaveLength(10);
    expect(rows.rows.every((row) => !row.is_legacy_hash)).toBe(true);
    const plain = new Set(codes.map((code) => sha256(code.replace("-", ""))));
    expect(rows.rows.some((row) => plain.has(row.code_hash))).toBe(false);
  });

  it("an e-mailed code is stored as a keyed digest, not a plain hash of the user and code", async () => {
    const client = t.client();
    const registered = await client.post("/rest/v1/auth/register", {
      email: "digestana@example.test",
      username: "digestana",
      password: "Digest-password-1!",
    });
    expect(registered.status).toBe(201);
    const mail = (await listMail(t.db)).find((row) => row.to_address === "digestana@example.test");
    const code = mail?.body_text.match(/\b(\d{6})\b/)?.[1] ?? "";
    const stored = await sql<{ user_id: string; code_hash: string }>`SELECT e.user_id::text, e.code_hash
      FROM email_codes e JOIN users u ON u.id = e.user_id WHERE u.username = 'digestana'`.execute(t.ownerDb);
    const row = stored.rows[0];
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toBe(sha256(`${row?.user_id}:${code}`));
    expect((await client.post("/rest/v1/user-verification/email/verify-code", { code })).status).toBe(200);
  });
});
