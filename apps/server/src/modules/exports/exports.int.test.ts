import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { exportListResponseSchema, exportResponseSchema } from "@souk/contracts";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { PDFDocument } from "pdf-lib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { cancelTrade, castForTrades, openTrade, releaseTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import type { JobContext } from "../../platform/index.ts";
import { generateExportsJob, pruneExportsJob } from "./jobs/generate-exports.job.ts";

let t: TestApp;
let cast: TradeCast;
let dataDir: string;
let released: string;
let cancelled: string;

/**
 * Yesterday and today (UTC) as the moment of the call sees them, not as the file's loading did: a
 * run that crosses midnight still asks for a range that holds the trades made before it.
 */
function dateRange(): { startDate: string; endDate: string } {
  const now = Date.now();
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { startDate: day(now - 86_400_000), endDate: day(now) };
}

function jobContext(overrides: Partial<JobContext["config"]> = {}): JobContext {
  return { config: { ...t.config, ...overrides }, db: t.db, log: pino({ level: "silent" }), send: async () => {} };
}

const runJob = (exportId?: string, context = jobContext()) =>
  generateExportsJob.handler(exportId ? { exportId } : {}, context);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "souk-exports-"));
  t = await createTradesTestApp({ dataDir });
  cast = await castForTrades(t);
  released = await openTrade(cast, "120");
  await releaseTrade(cast, released);
  cancelled = await openTrade(cast, "80");
  await cancelTrade(cast, cancelled);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function requestExport(user: TestUser, body: Record<string, unknown>) {
  return user.client.post("/rest/v1/trade-history/exports", { ...dateRange(), ...body });
}

async function statusOf(user: TestUser, id: string) {
  return exportResponseSchema.parse((await user.client.get(`/rest/v1/trade-history/exports/${id}`)).body).data;
}

describe("making export files", () => {
  it("queues a CSV export as pending, and the job makes it with the viewer's trades", async () => {
    const range = dateRange();
    const created = await requestExport(cast.buyer, { format: "csv", ...range });
    expect(created.status, created.text).toBe(202);
    const queued = exportResponseSchema.parse(created.body).data;
    expect(queued).toMatchObject({ status: "pending", progress: 0, format: "csv", downloadUrl: null, rowCount: null });
    expect(queued.filters).toEqual({
      cryptoCurrencyCode: null,
      offerType: null,
      paymentMethodId: null,
      status: null,
      ...range,
    });

    await runJob(queued.id);
    const done = await statusOf(cast.buyer, queued.id);
    expect(done).toMatchObject({ status: "completed", progress: 100, rowCount: 2 });
    expect(done.downloadUrl).toBe(`/rest/v1/trade-history/exports/${queued.id}/download`);

    const download = await cast.buyer.client.get(done.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="trade-history-${range.startDate}-to-${range.endDate}.csv"`,
    );
    const lines = download.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith(`${released},`) && line.includes(",released,bought,"))).toBe(true);
    expect(lines.some((line) => line.startsWith(`${cancelled},`) && line.includes(",cancelled_buyer,"))).toBe(true);
    expect(download.text).toContain(cast.seller.username);
  });

  it("makes an xlsx workbook that opens with the trade rows", async () => {
    const { id } = (await requestExport(cast.seller, { format: "xlsx" })).body.data;
    await runJob(id);
    expect(await statusOf(cast.seller, id)).toMatchObject({ status: "completed", rowCount: 2 });
    const response = await t.app.inject({
      method: "GET",
      url: `/rest/v1/trade-history/exports/${id}/download`,
      headers: { cookie: cookieOf(cast.seller) },
    });
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Trade history")!;
    expect(sheet.rowCount).toBe(3);
    const ids = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value];
    expect(ids.sort()).toEqual([released, cancelled].sort());
  });

  it("makes a PDF that opens", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "pdf" })).body.data;
    await runJob(id);
    const response = await t.app.inject({
      method: "GET",
      url: `/rest/v1/trade-history/exports/${id}/download`,
      headers: { cookie: cookieOf(cast.buyer) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const document = await PDFDocument.load(response.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe("Trade history");
  });

  it("applies the filters: a completed-trade filter word, a trade status, the offer type and the crypto", async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ status: "successful" }, 1],
      [{ status: "cancelled" }, 1],
      [{ status: "cancelled_buyer" }, 1],
      [{ status: "paid" }, 0],
      [{ offerType: "sell", cryptoCurrencyCode: "usdt" }, 2],
      [{ cryptoCurrencyCode: "BTC" }, 0],
    ];
    for (const [filters, rows] of cases) {
      const created = await requestExport(cast.buyer, { format: "csv", ...filters });
      expect(created.status, JSON.stringify(filters)).toBe(202);
      await runJob(created.body.data.id);
      const done = await statusOf(cast.buyer, created.body.data.id);
      expect(done.status, JSON.stringify(filters)).toBe(rows === 0 ? "no_data" : "completed");
      expect(done.rowCount, JSON.stringify(filters)).toBe(rows);
    }
  });

  it("ends with no_data when no trade matches, and has nothing to download", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "csv", startDate: "2020-01-01", endDate: "2020-01-31" }))
      .body.data;
    await runJob(id);
    expect(await statusOf(cast.buyer, id)).toMatchObject({
      status: "no_data",
      progress: 100,
      rowCount: 0,
      downloadUrl: null,
    });
    const download = await cast.buyer.client.get(`/rest/v1/trade-history/exports/${id}/download`);
    expect(download.status).toBe(409);
    expect(download.body.errors).toMatchObject({ code: "ERROR_EXPORT_NOT_READY", details: { status: "no_data" } });
  });

  it("announces status changes on the owner's channel", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "csv" })).body.data;
    await runJob(id);
    const events = await sql<{ payload: { exportId: string; status: string } }>`
      SELECT payload FROM realtime_events WHERE channel = ${`user.${cast.buyer.id}`} AND name = 'export.updated'
      AND payload->>'exportId' = ${id} ORDER BY id`.execute(t.ownerDb);
    expect(events.rows.map((row) => row.payload.status)).toEqual(["pending", "completed"]);
  });
});

describe("the job under at-least-once delivery", () => {
  it("does the work once when delivered twice, even at the same time", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "csv" })).body.data;
    await Promise.all([runJob(id), runJob(id), runJob(id)]);
    await runJob(id);
    const row = await sql<{ attempts: number; status: string }>`
      SELECT attempts, status FROM trade_history_exports WHERE id = ${id}`.execute(t.ownerDb);
    expect(row.rows[0]).toEqual({ attempts: 1, status: "completed" });
  });

  it("ignores a message whose export id is malformed or unknown", async () => {
    await expect(runJob("not-a-uuid")).resolves.toBeUndefined();
    await expect(runJob("00000000-0000-4000-8000-000000000000")).resolves.toBeUndefined();
  });

  it("picks up queued exports on its schedule, without a message naming them", async () => {
    const { id } = (await requestExport(cast.seller, { format: "csv" })).body.data;
    await runJob();
    expect((await statusOf(cast.seller, id)).status).toBe("completed");
  });

  it("takes over an export whose worker died once its lease ran out", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "csv" })).body.data;
    await sql`UPDATE trade_history_exports SET status = 'generating', attempts = 1, progress = 90,
      lease_until = now() + interval '5 minutes' WHERE id = ${id}`.execute(t.ownerDb);
    await runJob(id);
    // The lease still holds: the other worker may be alive, so nothing happens.
    expect(await statusOf(cast.buyer, id)).toMatchObject({ status: "generating", progress: 90 });
    await sql`UPDATE trade_history_exports SET lease_until = now() - interval '1 second' WHERE id = ${id}`.execute(
      t.ownerDb,
    );
    await runJob();
    expect(await statusOf(cast.buyer, id)).toMatchObject({ status: "completed", progress: 100 });
  });

  it("retries a failing export and marks it failed after the last attempt", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "csv" })).body.data;
    // A data directory that is a plain file: the storage cannot write.
    const blocked = path.join(dataDir, "not-a-directory");
    await writeFile(blocked, "x");
    const broken = jobContext({ dataDir: blocked });
    await runJob(id, broken);
    expect((await statusOf(cast.buyer, id)).status).toBe("pending");
    await runJob(id, broken);
    await runJob(id, broken);
    expect((await statusOf(cast.buyer, id)).status).toBe("failed");
    await runJob(id);
    expect((await statusOf(cast.buyer, id)).status).toBe("failed");
  });
});

describe("the owner's exports", () => {
  it("lists the viewer's exports newest first, and only theirs", async () => {
    const user = await createTrader(t);
    const first = (await requestExport(user, { format: "csv" })).body.data.id;
    const second = (await requestExport(user, { format: "pdf" })).body.data.id;
    const list = exportListResponseSchema.parse((await user.client.get("/rest/v1/trade-history/exports")).body);
    expect(list.data.map((item) => item.id)).toEqual([second, first]);
    expect(list.meta).toEqual({ total: 2, currentPage: 1, perPage: 10, lastPage: 1 });
  });

  it("cancels a queued export; the job then leaves it alone and a second cancel is 409", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "xlsx" })).body.data;
    const cancel = await cast.buyer.client.post(`/rest/v1/trade-history/exports/${id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe("cancelled");
    await runJob(id);
    expect((await statusOf(cast.buyer, id)).status).toBe("cancelled");
    const again = await cast.buyer.client.post(`/rest/v1/trade-history/exports/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.errors.code).toBe("ERROR_EXPORT_NOT_CANCELLABLE");
  });

  it("refuses a fourth export while three are queued", async () => {
    const user = await createTrader(t);
    for (let index = 0; index < 3; index += 1) expect((await requestExport(user, { format: "csv" })).status).toBe(202);
    const fourth = await requestExport(user, { format: "csv" });
    expect(fourth.status).toBe(409);
    expect(fourth.body.errors.code).toBe("ERROR_EXPORT_TOO_MANY");
  });

  it("marks a completed export missing when its file is gone, and when it is past retention", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "csv" })).body.data;
    await runJob(id);
    const key = (
      await sql<{ storage_key: string }>`SELECT storage_key FROM trade_history_exports WHERE id = ${id}`.execute(
        t.ownerDb,
      )
    ).rows[0]!.storage_key;
    await rm(path.join(dataDir, "files", key));
    const download = await cast.buyer.client.get(`/rest/v1/trade-history/exports/${id}/download`);
    expect(download.status).toBe(409);
    expect(download.body.errors.details).toEqual({ status: "missing" });
    expect((await statusOf(cast.buyer, id)).status).toBe("missing");

    const old = (await requestExport(cast.buyer, { format: "csv" })).body.data.id;
    await runJob(old);
    await sql`UPDATE trade_history_exports SET completed_at = now() - interval '8 days' WHERE id = ${old}`.execute(
      t.ownerDb,
    );
    await pruneExportsJob.handler({}, jobContext());
    expect((await statusOf(cast.buyer, old)).status).toBe("missing");
  });

  it("answers 404 to anyone but the owner and 401 without a session", async () => {
    const { id } = (await requestExport(cast.buyer, { format: "csv" })).body.data;
    await runJob(id);
    for (const url of [`/rest/v1/trade-history/exports/${id}`, `/rest/v1/trade-history/exports/${id}/download`]) {
      expect((await cast.seller.client.get(url)).status).toBe(404);
      expect((await cast.moderator.client.get(url)).status).toBe(404);
      expect((await t.client().get(url)).status).toBe(401);
    }
    expect((await cast.seller.client.post(`/rest/v1/trade-history/exports/${id}/cancel`)).status).toBe(404);
    expect((await cast.buyer.client.get("/rest/v1/trade-history/exports/not-a-uuid")).status).toBe(422);
    const anonymous = await t.client().post("/rest/v1/trade-history/exports", {
      format: "csv",
      ...dateRange(),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("export requests", () => {
  it("accepts a range of 31 days and refuses 32 with export_range_too_long", async () => {
    const user = await createTrader(t);
    expect((await requestExport(user, { format: "csv", startDate: "2025-01-01", endDate: "2025-01-31" })).status).toBe(
      202,
    );
    const tooLong = await requestExport(user, { format: "csv", startDate: "2025-01-01", endDate: "2025-02-01" });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toMatchObject({
      code: "ERROR_INPUT_VALIDATION",
      details: { endDate: ["export_range_too_long"] },
    });
  });

  it("refuses bad input with 422, never 500", async () => {
    const user = await createTrader(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ format: "docx" }, "format"],
      [{ format: "csv", startDate: "2025-01-10", endDate: "2025-01-01" }, "endDate"],
      [{ format: "csv", startDate: "2025-02-30", endDate: "2025-03-01" }, "startDate"],
      [{ format: "csv", startDate: "yesterday" }, "startDate"],
      [{ format: "csv", startDate: undefined }, "startDate"],
      [{ format: "csv", status: "won" }, "status"],
      [{ format: "csv", offerType: "swap" }, "offerType"],
      [{ format: "csv", paymentMethodId: -3 }, "paymentMethodId"],
    ];
    for (const [body, field] of cases) {
      const answer = await requestExport(user, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors.details), JSON.stringify(body)).toContain(field);
    }
    const notJson = await user.client.request("POST", "/rest/v1/trade-history/exports", "{nope", {
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });
});

function cookieOf(user: TestUser): string {
  const cookies = (user.client as unknown as { cookies: Map<string, string> }).cookies;
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
