import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { getCurrentRates, getRateHistory, referenceModule, refreshRatesFromFile } from "./index.ts";
import { HISTORY_DAYS, shiftDay } from "./rates.domain.ts";

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), "souk-rates-"));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function writeRates(name: string, content: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(content));
  return file;
}

async function countRows(): Promise<number> {
  const result = await sql<{ count: bigint }>`SELECT count(*) AS count FROM rate_history`.execute(t.db);
  return Number(result.rows[0]?.count ?? 0);
}

describe("loading rates", () => {
  it("has the shipped file loaded with 90 days of history behind it", async () => {
    const current = await getCurrentRates(t.db);
    const history = await getRateHistory(t.db, "BTC", "USD");
    expect(history).toHaveLength(HISTORY_DAYS);
    expect(history.at(-1)).toEqual({ day: current.asOf, rate: current.cryptoUsd.BTC });
    expect(history[0]?.day).toBe(shiftDay(current.asOf ?? "", -(HISTORY_DAYS - 1)));
    expect(new Set(history.map((point) => point.rate)).size).toBeGreaterThan(30);
  });

  it("writes nothing when the same file is loaded again", async () => {
    const before = await countRows();
    const result = await refreshRatesFromFile(t.db);
    expect(result.written).toBe(0);
    expect(result.skipped).toEqual([]);
    expect(await countRows()).toBe(before);
  });

  it("takes a newer file as the current rate without rewriting recorded days", async () => {
    const current = await getCurrentRates(t.db);
    const asOf = current.asOf ?? "";
    const nextDay = shiftDay(asOf, 1);
    const file = await writeRates("next.json", {
      asOf: nextDay,
      crypto: { BTC: "90000.5", DOGE: "0.2" },
      fiat: { USD: "1", EUR: "0.9" },
    });
    const before = await countRows();
    const result = await refreshRatesFromFile(t.db, file);
    expect(result.asOf).toBe(nextDay);
    expect(result.skipped).toEqual(["DOGE"]);
    // One new day for each of the three pairs in the file; older days already had points.
    expect(await countRows()).toBe(before + 3);

    const after = await getCurrentRates(t.db);
    expect(after.asOf).toBe(nextDay);
    expect(after.cryptoUsd.BTC).toBe("90000.5");
    expect(after.fiatPerUsd.EUR).toBe("0.9");
    // Pairs the new file does not price keep their latest rate.
    expect(after.cryptoUsd.ETH).toBe(current.cryptoUsd.ETH);

    const history = await getRateHistory(t.db, "BTC", "USD", 2);
    expect(history).toEqual([
      { day: asOf, rate: current.cryptoUsd.BTC },
      { day: nextDay, rate: "90000.5" },
    ]);
  });

  it("replaces a day's value when a corrected file for that day is loaded", async () => {
    const asOf = (await getCurrentRates(t.db)).asOf ?? "";
    const file = await writeRates("fix.json", { asOf, crypto: { BTC: "90100" }, fiat: {} });
    const result = await refreshRatesFromFile(t.db, file);
    expect(result.written).toBe(1);
    expect((await getCurrentRates(t.db)).cryptoUsd.BTC).toBe("90100");
  });

  it("refuses a file with rates as JSON numbers and changes nothing", async () => {
    const before = await countRows();
    const file = await writeRates("bad.json", { asOf: "2026-12-01", crypto: { BTC: 90000.5 }, fiat: {} });
    await expect(refreshRatesFromFile(t.db, file)).rejects.toThrow(/invalid rates file/);
    await expect(refreshRatesFromFile(t.db, path.join(dir, "missing.json"))).rejects.toThrow(/cannot read/);
    expect(await countRows()).toBe(before);
  });

  it("loads a file from the operator command and says what it did", async () => {
    const command = referenceModule.commands?.find((candidate) => candidate.name === "rates:refresh");
    const asOf = shiftDay((await getCurrentRates(t.db)).asOf ?? "", 1);
    const file = await writeRates("cli.json", { asOf, crypto: { ETH: "3000" }, fiat: { XYZ: "1.5" } });
    const lines: string[] = [];
    const code = await command?.run([file], {
      db: t.db,
      config: t.config,
      print: (line) => lines.push(line),
      ledgerChecks: [],
    });
    expect(code).toBe(0);
    expect(lines[0]).toContain(`rates as of ${asOf}`);
    expect(lines[1]).toContain("XYZ");
    expect((await getCurrentRates(t.db)).cryptoUsd.ETH).toBe("3000");
  });
});
