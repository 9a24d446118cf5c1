import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * An upsert against a partial unique index names the index's predicate (`ON CONFLICT (a, b) WHERE
 * status = 'open'`). PostgreSQL matches that predicate to the index when the statement is planned;
 * once a prepared statement switches to its generic plan (after five runs) a predicate written
 * with a parameter no longer proves the index's, and the statement fails with "there is no unique
 * or exclusion constraint matching the ON CONFLICT specification". So the predicate must be a
 * literal. This test reads every upsert in the server's code and holds that rule.
 */

const SRC = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The text of a call from its opening parenthesis to the matching closing one. */
function callText(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === "(") depth += 1;
    if (text[index] === ")") depth -= 1;
    if (depth === 0) return text.slice(open, index + 1);
  }
  return text.slice(open);
}

interface Upsert {
  file: string;
  text: string;
}

function kyselyUpserts(): Upsert[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const found: Upsert[] = [];
    for (let at = text.indexOf(".onConflict("); at >= 0; at = text.indexOf(".onConflict(", at + 1)) {
      // Only the conflict target's predicate matters: a `.where` after doUpdateSet filters the update.
      const call = callText(text, at + ".onConflict".length);
      found.push({ file: path.relative(SRC, file), text: call.split(/\.do(?:Nothing|UpdateSet)\(/)[0] ?? call });
    }
    return found;
  });
}

function rawUpserts(): Upsert[] {
  const files = [
    ...sourceFiles(SRC),
    ...readdirSync(path.join(SRC, "db", "migrations")).map((name) => path.join(SRC, "db", "migrations", name)),
  ];
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/ON CONFLICT\s*\([^)]*\)\s*WHERE[^;`]*/gi)].map((match) => ({
      file: path.relative(SRC, file),
      text: match[0],
    })),
  );
}

describe("upserts against partial unique indexes", () => {
  it("write the index's predicate as a literal in the query builder", () => {
    const partial = kyselyUpserts().filter((upsert) => upsert.text.includes(".where("));
    // The scan itself must keep finding the upserts it guards (offer and trade reports today).
    expect(partial.length).toBeGreaterThanOrEqual(2);
    for (const upsert of partial) {
      for (const where of upsert.text.matchAll(/\.where\(/g)) {
        const args = callText(upsert.text, (where.index ?? 0) + ".where".length);
        expect(args, `${upsert.file}: ${args}`).toMatch(/sql\.lit\(/);
      }
    }
  });

  it("write it without parameters in raw SQL", () => {
    for (const upsert of rawUpserts()) expect(upsert.text, upsert.file).not.toContain("${");
  });

  it("finds a partial unique index for every predicate it checks", () => {
    const migrations = readdirSync(path.join(SRC, "db", "migrations"))
      .map((name) => readFileSync(path.join(SRC, "db", "migrations", name), "utf8"))
      .join("\n");
    const indexes = [...migrations.matchAll(/CREATE UNIQUE INDEX \w+ ON (\w+) \(([^)]*)\)\s*WHERE/gi)];
    expect(indexes.map((index) => index[1])).toEqual(expect.arrayContaining(["offer_reports", "trade_reports"]));
  });
});
