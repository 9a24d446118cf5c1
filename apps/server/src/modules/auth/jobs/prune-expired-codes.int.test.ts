import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jobContextOf, type TestApp, uniqueName } from "../../../../test/harness.ts";
import { pruneExpiredCodesJob } from "./prune-expired-codes.job.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newUserId(): Promise<number> {
  const username = uniqueName("prune");
  await t.signUp({ username });
  const row = await sql<{ id: string }>`SELECT id::text FROM users WHERE username = ${username}`.execute(t.ownerDb);
  return Number(row.rows[0]?.id);
}

const count = async (query: string) =>
  Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.raw(query)}`.execute(t.ownerDb)).rows[0]?.n);

async function runJob() {
  await pruneExpiredCodesJob.handler({}, jobContextOf(t));
}

describe("auth.prune-expired-codes", () => {
  it("removes expired codes, tokens and pending log-ins, keeps live ones and phone send counts of the day", async () => {
    const [a, b, c] = [await newUserId(), await newUserId(), await newUserId()];
    const past = sql`now() - interval '1 minute'`;
    const later = sql`now() + interval '10 minutes'`;
    for (const [hash, user, expires] of [
      ["pl-old", a, past],
      ["pl-new", b, later],
    ] as const) {
      await sql`INSERT INTO pending_logins (token_hash, user_id, expires_at) VALUES (${hash}, ${user}, ${expires})`.execute(
        t.ownerDb,
      );
      await sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
        VALUES (${`rt-${hash}`}, ${user}, ${expires})`.execute(t.ownerDb);
      await sql`INSERT INTO email_codes (user_id, email, code_hash, sent_at, expires_at)
        VALUES (${user}, 'x@example.test', 'h', now(), ${expires})`.execute(t.ownerDb);
      await sql`INSERT INTO two_factor (user_id, type, state, code_hash, code_expires_at)
        VALUES (${user}, 'email', 'enabled', 'h', ${expires})`.execute(t.ownerDb);
    }
    // Phone codes: expired with its day over (goes), expired within the day (stays: the send count), live (stays).
    const phone = (user: number, started: unknown, expires: unknown) =>
      sql`INSERT INTO phone_codes (user_id, phone, code_hash, window_started_at, sent_at, expires_at)
        VALUES (${user}, '+33612345678', 'h', ${started}, now(), ${expires})`.execute(t.ownerDb);
    await phone(a, sql`now() - interval '25 hours'`, past);
    await phone(b, sql`now() - interval '2 hours'`, past);
    await phone(c, sql`now()`, later);

    await runJob();

    const ids = `(${a}, ${b}, ${c})`;
    expect(await count(`pending_logins WHERE user_id IN ${ids}`)).toBe(1);
    expect(await count(`pending_logins WHERE token_hash = 'pl-new'`)).toBe(1);
    expect(await count(`password_reset_tokens WHERE user_id IN ${ids}`)).toBe(1);
    expect(await count(`password_reset_tokens WHERE token_hash = 'rt-pl-new'`)).toBe(1);
    expect(await count(`email_codes WHERE user_id IN ${ids}`)).toBe(1);
    expect(await count(`email_codes WHERE user_id = ${b}`)).toBe(1);
    expect(await count(`two_factor WHERE user_id IN ${ids} AND code_hash IS NOT NULL`)).toBe(1);
    expect(await count(`two_factor WHERE user_id = ${b} AND code_hash IS NOT NULL`)).toBe(1);
    expect(await count(`two_factor WHERE user_id IN ${ids}`)).toBe(2);
    expect(await count(`phone_codes WHERE user_id IN ${ids}`)).toBe(2);
    expect(await count(`phone_codes WHERE user_id = ${a}`)).toBe(0);

    // A second run (another worker) finds nothing more to do.
    await runJob();
    expect(await count(`phone_codes WHERE user_id IN ${ids}`)).toBe(2);
    expect(await count(`pending_logins WHERE user_id IN ${ids}`)).toBe(1);
  });
});
