/**
 * `npm run doc-references` (part of `npm run check`): fails when a file cites a document or a
 * heading the repo does not hold. It reads every source, migration and Markdown file outside
 * node_modules, build output and data directories, and prints each finding as
 * `file:line: message`. The rules are in doc-references.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { anchorsOf, type Finding, findingsIn, type RepoIndex } from "./doc-references.ts";

const SCANNED_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".md", ".sql"]);
const SKIPPED_DIRECTORIES = new Set([
  "node_modules",
  "dist",
  ".data",
  ".test-data",
  ".git",
  "coverage",
  "test-results",
  "playwright-report",
]);

/** The files to scan, as paths from `root` with forward slashes, in a stable order. */
export function filesToScan(root: string, directory = ""): string[] {
  const found: string[] = [];
  const entries = readdirSync(path.join(root, directory), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const relative = directory === "" ? entry.name : `${directory}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) found.push(...filesToScan(root, relative));
    } else if (entry.isFile() && SCANNED_EXTENSIONS.has(path.extname(entry.name))) {
      found.push(relative);
    }
  }
  return found;
}

/** The repo as the rules see it: files on disk, and each Markdown file's anchors read once. */
export function repoIndexAt(root: string): RepoIndex {
  const anchors = new Map<string, ReadonlySet<string> | null>();
  return {
    exists: (repoPath) => existsSync(path.join(root, repoPath)),
    anchorsOf(repoPath) {
      if (!anchors.has(repoPath)) {
        const full = path.join(root, repoPath);
        const isDocument = repoPath.endsWith(".md") && existsSync(full) && statSync(full).isFile();
        anchors.set(repoPath, isDocument ? anchorsOf(readFileSync(full, "utf8")) : null);
      }
      return anchors.get(repoPath) ?? null;
    },
  };
}

export function checkRepo(root: string): { scanned: number; findings: Finding[] } {
  const repo = repoIndexAt(root);
  const files = filesToScan(root);
  const findings = files.flatMap((file) => findingsIn(file, readFileSync(path.join(root, file), "utf8"), repo));
  return { scanned: files.length, findings };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, "..");
  const { scanned, findings } = checkRepo(root);
  for (const finding of findings) console.log(`${finding.file}:${finding.line}: ${finding.message}`);
  if (findings.length > 0) {
    console.error(`doc-references: ${findings.length} finding(s) in ${scanned} files`);
    process.exitCode = 1;
  } else {
    console.log(`doc-references: ${scanned} files, every reference leads somewhere in the repo`);
  }
}
