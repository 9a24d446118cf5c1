import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { seedDemoData } from "../../db/seed/demo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counts() {
  const result = await sql<{ messages: string; feedback: string; replies: string; relations: string }>`
    SELECT (SELECT count(*) FROM chat_messages)::text AS messages,
      (SELECT count(*) FROM trade_feedback)::text AS feedback,
      (SELECT count(*) FROM trade_feedback WHERE reply IS NOT NULL)::text AS replies,
      (SELECT count(*) FROM user_relations)::text AS relations`.execute(t.ownerDb);
  return result.rows[0];
}

describe("demo data", () => {
  it("adds relations, chat lines and feedback once, however often it runs", async () => {
    await seedDemoData(t.db, t.config, () => {});
    const first = await counts();
    expect(Number(first!.relations)).toBe(4);
    expect(Number(first!.messages)).toBe(7);
    expect(Number(first!.feedback)).toBeGreaterThanOrEqual(2);
    expect(Number(first!.replies)).toBeGreaterThanOrEqual(1);
    await seedDemoData(t.db, t.config, () => {});
    expect(await counts()).toEqual(first);
    const profile = (await t.client().get("/rest/v1/users/alice")).body.data;
    expect(profile.trustedCount).toBe(2);
    expect(profile.feedback.positive).toBeGreaterThanOrEqual(1);
  });
});
