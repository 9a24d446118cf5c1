import { describe, expect, it } from "vitest";
import { formatModuleReport, type MutantResult, scoreOf } from "./report.ts";

function mutant(status: MutantResult["status"], fileName = "/repo/a.ts", line = 1): MutantResult {
  return {
    id: `${status}${line}`,
    mutatorName: "EqualityOperator",
    replacement: "a <= b",
    fileName,
    status,
    location: { start: { line, column: 4 }, end: { line, column: 10 } },
  } as MutantResult;
}

describe("the mutation score", () => {
  it("counts killed and timed-out mutants over those that could be noticed", () => {
    const score = scoreOf([
      mutant("Killed"),
      mutant("Timeout"),
      mutant("Survived"),
      mutant("NoCoverage"),
      mutant("CompileError"),
      mutant("RuntimeError"),
      mutant("Ignored"),
    ]);
    expect(score).toEqual({ killed: 2, survived: 1, noCoverage: 1, counted: 4, percent: "50.0" });
  });

  it("says n/a when no mutant counts", () => {
    expect(scoreOf([mutant("CompileError")]).percent).toBe("n/a");
  });
});

describe("the module report", () => {
  it("lists each file's score and every surviving mutant by place", () => {
    const lines = formatModuleReport(
      "ledger",
      [mutant("Killed", "/repo/b.ts"), mutant("Survived", "/repo/b.ts", 7), mutant("NoCoverage", "/repo/a.ts", 3)],
      "/repo",
    );
    expect(lines[0]).toBe("mutation score of ledger: 33.3 %");
    expect(lines[1]).toContain("a.ts");
    expect(lines[2]).toMatch(/50\.0 %.*1 killed.*1 survived.*0 not covered {2}b\.ts/);
    expect(lines).toContain("  a.ts:3:5 EqualityOperator: a <= b (no test runs it)");
    expect(lines).toContain("  b.ts:7:5 EqualityOperator: a <= b");
  });
});
