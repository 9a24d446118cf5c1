import { describe, expect, it } from "vitest";
import { isJobRecordLostToDatabase } from "./settlement-loss.ts";

function failure(message: string, code: string | undefined, frames: string[]): Error {
  const error = Object.assign(new Error(message), code === undefined ? {} : { code });
  error.stack = [`error: ${message}`, ...frames.map((frame) => `    at ${frame}`)].join("\n");
  return error;
}

const PG_BOSS_FRAMES = [
  "/srv/souk/node_modules/pg-pool/index.js:45:11",
  "async Db.executeSql (/srv/souk/node_modules/pg-boss/src/db.js:42:14)",
  "async Manager.complete (/srv/souk/node_modules/pg-boss/src/manager.js:485:20)",
];
const OWN_FRAMES = ["/srv/souk/apps/server/src/modules/trades/trades.service.ts:120:5"];

describe("a job record lost to the database", () => {
  it("is pg-boss failing to record a job while the database shuts down, starts or is unreachable", () => {
    expect(isJobRecordLostToDatabase(failure("the database system is shutting down", "57P03", PG_BOSS_FRAMES))).toBe(
      true,
    );
    expect(
      isJobRecordLostToDatabase(failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED", PG_BOSS_FRAMES)),
    ).toBe(true);
    expect(isJobRecordLostToDatabase(failure("Connection terminated unexpectedly", undefined, PG_BOSS_FRAMES))).toBe(
      true,
    );
    expect(isJobRecordLostToDatabase(failure("connection failure", "08006", PG_BOSS_FRAMES))).toBe(true);
  });

  it("is not any other rejection: those still end the process", () => {
    // The same loss in Souk's own code is a bug to see, not to hide.
    expect(isJobRecordLostToDatabase(failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED", OWN_FRAMES))).toBe(
      false,
    );
    // pg-boss failing for another reason (a broken query, a constraint).
    expect(isJobRecordLostToDatabase(failure("syntax error at or near", "42601", PG_BOSS_FRAMES))).toBe(false);
    expect(isJobRecordLostToDatabase(failure("duplicate key value", "23505", PG_BOSS_FRAMES))).toBe(false);
    expect(isJobRecordLostToDatabase("a string")).toBe(false);
    expect(isJobRecordLostToDatabase(undefined)).toBe(false);
  });
});
