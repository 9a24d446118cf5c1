import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { totpCode } from "./index.ts";

/** Changes of the second factor are lines of the account activity log, written with the change. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function factorLines(client: TestClient): Promise<Record<string, string>[]> {
  const answer = await client.get("/rest/v1/users/activity", { query: { perPage: "100" } });
  expect(answer.status).toBe(200);
  const items = answer.body.data as Array<{ type: string; details: Record<string, string> }>;
  return items
    .filter((item) => item.type === "two_factor_change")
    .map((item) => item.details)
    .reverse();
}

describe("two-factor changes in the account activity log", () => {
  it("logs enable, settings, a used recovery code and deactivate; a refused code logs nothing", async () => {
    const client = await t.signUp();
    const option = await client.post("/rest/v1/users/two-factor/option", { type: "ga" });
    const enabled = await client.post("/rest/v1/users/two-factor/enable", {
      code: totpCode(option.body.data.secret, Date.now()),
    });
    expect(enabled.status).toBe(200);
    const [first, second] = enabled.body.data.recoveryCodes as string[];
    expect(await factorLines(client)).toEqual([{ change: "enabled", type: "ga" }]);

    const lowered = await client.post("/rest/v1/users/two-factor/settings", {
      login: false,
      release: true,
      sendout: true,
      code: first,
    });
    expect(lowered.status).toBe(200);
    expect((await factorLines(client)).slice(1)).toEqual([
      { change: "recovery_code_used" },
      { change: "settings", login: "false", release: "true", sendout: "true" },
    ]);

    const refused = await client.post("/rest/v1/users/two-factor/deactivate", { code: "ZZZZZ-ZZZZZ" });
    expect(refused.status).toBe(422);
    expect(await factorLines(client)).toHaveLength(3);

    const off = await client.post("/rest/v1/users/two-factor/deactivate", { code: second });
    expect(off.status).toBe(200);
    expect((await factorLines(client)).slice(3)).toEqual([
      { change: "recovery_code_used" },
      { change: "deactivated", type: "ga" },
    ]);
  });

  it("logs a settings change without a factor", async () => {
    const client = await t.signUp();
    const saved = await client.post("/rest/v1/users/two-factor/settings", {
      login: true,
      release: false,
      sendout: true,
    });
    expect(saved.status).toBe(200);
    expect(await factorLines(client)).toEqual([
      { change: "settings", login: "true", release: "false", sendout: "true" },
    ]);
  });
});
