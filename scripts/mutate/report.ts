import path from "node:path";
import type { Stryker } from "@stryker-mutator/core";

/** One mutant's outcome as Stryker reports it. */
export type MutantResult = Awaited<ReturnType<Stryker["runMutationTest"]>>[number];

/**
 * The mutation score as Stryker defines it: killed (a test failed) and timed out (the mutant
 * hung a test) over every mutant that could have been noticed, surviving and uncovered ones
 * included. Mutants that did not compile, broke the runner or were ignored do not count.
 */
export interface Score {
  killed: number;
  survived: number;
  noCoverage: number;
  /** killed + survived + noCoverage. */
  counted: number;
  /** One decimal; "n/a" when nothing counted. */
  percent: string;
}

type Status = MutantResult["status"];
const KILLED: readonly Status[] = ["Killed", "Timeout"];

export function scoreOf(results: readonly Pick<MutantResult, "status">[]): Score {
  const killed = results.filter((r) => KILLED.includes(r.status)).length;
  const survived = results.filter((r) => r.status === "Survived").length;
  const noCoverage = results.filter((r) => r.status === "NoCoverage").length;
  const counted = killed + survived + noCoverage;
  return {
    killed,
    survived,
    noCoverage,
    counted,
    percent: counted === 0 ? "n/a" : ((killed * 100) / counted).toFixed(1),
  };
}

/** One line per file with its score, then every mutant that lived, as file:line:column. */
export function formatModuleReport(name: string, results: readonly MutantResult[], root: string): string[] {
  const byFile = new Map<string, MutantResult[]>();
  for (const result of results) {
    const file = path.relative(root, path.resolve(root, result.fileName));
    byFile.set(file, [...(byFile.get(file) ?? []), result]);
  }
  const lines = [`mutation score of ${name}: ${scoreOf(results).percent} %`];
  for (const [file, fileResults] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const score = scoreOf(fileResults);
    lines.push(
      `  ${score.percent.padStart(6)} %  ${String(score.killed).padStart(4)} killed ${String(score.survived).padStart(4)} survived ${String(score.noCoverage).padStart(4)} not covered  ${file}`,
    );
  }
  const lived = results
    .filter((r) => r.status === "Survived" || r.status === "NoCoverage")
    .map((r) => ({ ...r, file: path.relative(root, path.resolve(root, r.fileName)) }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.location.start.line - b.location.start.line);
  if (lived.length > 0) lines.push(`surviving mutants of ${name} (${lived.length}):`);
  for (const mutant of lived) {
    const where = `${mutant.file}:${mutant.location.start.line}:${mutant.location.start.column + 1}`;
    const replacement = (mutant.replacement ?? "").replace(/\s+/g, " ").slice(0, 100);
    const tag = mutant.status === "NoCoverage" ? " (no test runs it)" : "";
    lines.push(`  ${where} ${mutant.mutatorName}: ${replacement}${tag}`);
  }
  return lines;
}
