import {
  EXPORT_RETENTION_DAYS,
  EXPORT_UPDATED_EVENT,
  EXPORTS_ACTIVE_MAX,
  type ExportCreateRequest,
  type ExportStatus,
  type PageMeta,
  pageMeta,
  type TradeHistoryExport,
  type TradeSummary,
} from "@souk/contracts";
import type { FastifyBaseLogger } from "fastify";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import type { FileStorage, JobQueue } from "../../platform/index.ts";
import { channelFor, publishEvent } from "../../realtime/index.ts";
import { listTradeHistory } from "../trades/index.ts";
import { exportFileName, filtersOf, historyFiltersOf, readingProgress, toExportRow } from "./exports.domain.ts";
import { exportNotCancellable, exportNotFound, exportNotReady, tooManyExports } from "./exports.errors.ts";
import { EXPORT_CONTENT_TYPES, renderExport } from "./exports.render.ts";
import * as repo from "./exports.repo.ts";

/** A claim is tried this many times; a worker holds it this long before another may take over. */
const EXPORT_MAX_ATTEMPTS = 3;
const EXPORT_LEASE_SECONDS = 300;
const HISTORY_PAGE_SIZE = 200;

function toView(row: repo.ExportRowRecord): TradeHistoryExport {
  const isCompleted = row.status === "completed";
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    format: row.format,
    filters: row.filters,
    rowCount: row.row_count,
    fileName: row.file_name,
    byteSize: row.byte_size,
    downloadUrl: isCompleted ? `/rest/v1/trade-history/exports/${row.id}/download` : null,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

async function announce(tx: Db | Tx, row: { id: string; user_id: bigint }, status: ExportStatus): Promise<void> {
  await publishEvent(tx, {
    channel: channelFor.user(String(row.user_id)),
    name: EXPORT_UPDATED_EVENT,
    payload: { exportId: row.id, status },
  });
}

/** The job that makes exports: sent with `{exportId}` for one, and every minute as a sweep. */
export const GENERATE_EXPORTS_JOB = "exports.generate";

/**
 * Queues an export (status pending) and, once that commits, sends the job for it so the file is
 * made at once. The row is the job's outbox: the minute's sweep picks up every pending row, so
 * nothing is lost if the send is (the process stops right after the commit, or runs no jobs).
 */
export async function createExport(
  db: Db,
  jobs: JobQueue,
  userId: number,
  input: ExportCreateRequest,
): Promise<TradeHistoryExport> {
  const row = await withTx(db, async (tx) => {
    await repo.lockUserExports(tx, userId);
    if ((await repo.countActive(tx, userId)) >= EXPORTS_ACTIVE_MAX) throw tooManyExports();
    const inserted = await repo.insertExport(tx, { userId, format: input.format, filters: filtersOf(input) });
    await announce(tx, inserted, inserted.status);
    jobs.sendAfterCommit(tx, { name: GENERATE_EXPORTS_JOB, data: { exportId: inserted.id } });
    return inserted;
  });
  return toView(row);
}

export async function getOwnExport(db: Db, userId: number, id: string): Promise<TradeHistoryExport> {
  const row = await repo.findOwnExport(db, userId, id);
  if (!row) throw exportNotFound();
  return toView(row);
}

export async function listOwnExports(
  db: Db,
  userId: number,
  query: { page: number; perPage: number },
): Promise<{ items: TradeHistoryExport[]; meta: PageMeta }> {
  const { rows, total } = await repo.listOwnExports(db, userId, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return { items: rows.map(toView), meta: pageMeta(total, query.page, query.perPage) };
}

export async function cancelOwnExport(
  db: Db,
  storage: FileStorage,
  userId: number,
  id: string,
): Promise<TradeHistoryExport> {
  const existing = await repo.findOwnExport(db, userId, id);
  if (!existing) throw exportNotFound();
  const cancelled = await withTx(db, async (tx) => {
    const row = await repo.cancelOwnExport(tx, userId, id);
    if (row) await announce(tx, row, "cancelled");
    return row;
  });
  if (!cancelled) throw exportNotCancellable(existing.status);
  // A worker may have written the file already; it has no use now.
  if (existing.storage_key) await storage.remove(existing.storage_key);
  return toView(cancelled);
}

export interface ExportDownload {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

export async function downloadOwnExport(
  db: Db,
  storage: FileStorage,
  userId: number,
  id: string,
): Promise<ExportDownload> {
  const row = await repo.findOwnExport(db, userId, id);
  if (!row) throw exportNotFound();
  if (row.status !== "completed" || !row.storage_key) throw exportNotReady(row.status);
  const bytes = await storage.get(row.storage_key);
  if (!bytes) {
    // The store lost the file (wiped, or removed by hand): say so instead of failing each time.
    await withTx(db, async (tx) => {
      const missing = await repo.markMissing(tx, row.id);
      if (missing) await announce(tx, missing, "missing");
    });
    throw exportNotReady("missing");
  }
  return {
    bytes,
    contentType: EXPORT_CONTENT_TYPES[row.format],
    fileName: row.file_name ?? exportFileName(row.format, row.filters),
  };
}

async function readTrades(db: Db, row: repo.ExportRowRecord, token: repo.ClaimToken): Promise<TradeSummary[] | null> {
  const filters = historyFiltersOf(row.filters);
  const userId = Number(row.user_id);
  const seen = new Set<string>();
  const trades: TradeSummary[] = [];
  for (let offset = 0; ; offset += HISTORY_PAGE_SIZE) {
    const page = await listTradeHistory(db, userId, filters, { limit: HISTORY_PAGE_SIZE, offset });
    for (const trade of page.items) {
      // Offset paging over a list that may grow: a trade seen twice is written once.
      if (!seen.has(trade.id)) {
        seen.add(trade.id);
        trades.push(trade);
      }
    }
    const isLast = page.items.length < HISTORY_PAGE_SIZE || offset + HISTORY_PAGE_SIZE >= page.total;
    const isStillOurs = await repo.updateClaimed(db, token, { progress: readingProgress(trades.length, page.total) });
    if (!isStillOurs) return null;
    if (isLast) return trades;
  }
}

/**
 * Makes one export's file. Safe to run any number of times, at once on several workers: only a
 * claim (pending, or a lease that ran out) does the work; every write is fenced by the claim's
 * token; the file's key is fixed per export, so a second writer only writes the same bytes again.
 * Answers the status it left, or null when there was nothing for it to do.
 */
export async function generateExport(
  db: Db,
  storage: FileStorage,
  id: string,
  log?: FastifyBaseLogger,
): Promise<ExportStatus | null> {
  const claimed = await repo.claimExport(db, id, {
    leaseSeconds: EXPORT_LEASE_SECONDS,
    maxAttempts: EXPORT_MAX_ATTEMPTS,
  });
  if (!claimed) {
    const exhausted = await withTx(db, async (tx) => {
      const row = await repo.failExhausted(tx, id, EXPORT_MAX_ATTEMPTS);
      if (row) await announce(tx, row, "failed");
      return row;
    });
    return exhausted ? "failed" : null;
  }
  const token: repo.ClaimToken = { id, attempts: claimed.attempts };
  const storageKey = `exports/${id}.${claimed.format}`;
  try {
    const trades = await readTrades(db, claimed, token);
    if (trades === null) return null;
    if (trades.length === 0) {
      const isDone = await withTx(db, async (tx) => {
        const isOurs = await repo.updateClaimed(tx, token, {
          status: "no_data",
          progress: 100,
          row_count: 0,
          lease_until: null,
          completed_at: new Date(),
        });
        if (isOurs) await announce(tx, claimed, "no_data");
        return isOurs;
      });
      return isDone ? "no_data" : null;
    }
    if (!(await repo.updateClaimed(db, token, { status: "generating", progress: 90 }))) return null;
    const bytes = await renderExport(claimed.format, trades.map(toExportRow), {
      startDate: claimed.filters.startDate,
      endDate: claimed.filters.endDate,
      generatedAt: new Date(),
      username: await repo.findUsername(db, claimed.user_id),
    });
    await storage.put(storageKey, bytes);
    const isDone = await withTx(db, async (tx) => {
      const isOurs = await repo.updateClaimed(tx, token, {
        status: "completed",
        progress: 100,
        row_count: trades.length,
        storage_key: storageKey,
        file_name: exportFileName(claimed.format, claimed.filters),
        byte_size: bytes.length,
        lease_until: null,
        last_error: null,
        completed_at: new Date(),
      });
      if (isOurs) await announce(tx, claimed, "completed");
      return isOurs;
    });
    if (!isDone) {
      // Cancelled while it was being written: the file is nobody's.
      const now = await repo.findExport(db, id);
      if (now?.status === "cancelled") await storage.remove(storageKey);
      return null;
    }
    return "completed";
  } catch (error) {
    log?.warn({ err: error, exportId: id, attempt: token.attempts }, "trade history export failed");
    const isFinal = token.attempts >= EXPORT_MAX_ATTEMPTS;
    const message = error instanceof Error ? error.message.slice(0, 500) : "unknown error";
    const status: ExportStatus = isFinal ? "failed" : "pending";
    const isOurs = await withTx(db, async (tx) => {
      const changed = await repo.updateClaimed(tx, token, {
        status,
        last_error: message,
        lease_until: null,
        ...(isFinal ? { completed_at: new Date() } : { progress: 0 }),
      });
      if (changed && isFinal) await announce(tx, claimed, "failed");
      return changed;
    });
    return isOurs ? status : null;
  }
}

/** The job's sweep: every export waiting for a worker, oldest first. */
export async function generatePendingExports(
  db: Db,
  storage: FileStorage,
  log?: FastifyBaseLogger,
  limit = 20,
): Promise<number> {
  const ids = await repo.findRunnableIds(db, limit);
  let done = 0;
  for (const id of ids) if ((await generateExport(db, storage, id, log)) !== null) done += 1;
  return done;
}

/** Removes files past the retention period; their exports become `missing`. */
export async function pruneExpiredExports(db: Db, storage: FileStorage, limit = 500): Promise<number> {
  const rows = await repo.findExpired(db, EXPORT_RETENTION_DAYS, limit);
  for (const row of rows) {
    await withTx(db, async (tx) => {
      const missing = await repo.markMissing(tx, row.id);
      if (missing) await announce(tx, missing, "missing");
    });
    if (row.storage_key) await storage.remove(row.storage_key);
  }
  return rows.length;
}
