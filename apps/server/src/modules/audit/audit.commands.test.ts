import { describe, expect, it } from "vitest";
import { formatAuditLines } from "./audit.commands.ts";

describe("formatAuditLines", () => {
  it("prints who, what, on whom and why", () => {
    const [line] = formatAuditLines([
      {
        id: 7,
        createdAt: "2026-01-01T10:00:00.000Z",
        actorKind: "cli",
        actorUsername: null,
        action: "user.restrict",
        subjectType: "user",
        subjectId: "alice",
        reason: "Chargeback",
        details: {},
      },
    ]);
    expect(line).toContain("cli");
    expect(line).toContain("user.restrict");
    expect(line).toContain("user:alice");
    expect(line).toContain('"Chargeback"');
  });
  it("says when the log is empty", () => {
    expect(formatAuditLines([])).toEqual(["the audit log is empty"]);
  });
});
