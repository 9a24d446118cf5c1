import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesToScan } from "./check-doc-references.ts";
import { anchorsOf, findingsIn, type RepoIndex, slugify } from "./doc-references.ts";

// Paths and names are assembled so that the repo's own check does not read these inputs as
// references of this file.
const DOCS = "docs";
const SECTION = "\u00a7";
const OUTSIDE = (name: string) => `${name}.md`;
const SPEC = ["trading", "core"].join("-");
const SHARED = ["..", "shared"].join("/");

function repoOf(documents: Record<string, string>, otherFiles: string[] = []): RepoIndex {
  return {
    exists: (repoPath) =>
      repoPath in documents ||
      otherFiles.includes(repoPath) ||
      [...Object.keys(documents), ...otherFiles].some((file) => file.startsWith(`${repoPath}/`)),
    anchorsOf: (repoPath) => {
      const text = documents[repoPath];
      return text === undefined ? null : anchorsOf(text);
    },
  };
}

const reliability = [
  "# Reliability",
  "## Ledger invariants",
  "### I3: each cached balance equals its entries",
  "## Trade transitions",
  '<a id="old-name"></a>',
  "### T2: `active_funded` to `paid`",
].join("\n");
const repo = repoOf({ [`${DOCS}/reliability.md`]: reliability, [`${DOCS}/decisions/014-x.md`]: "# 014: X\n## Why" }, [
  `${DOCS}/screenshots/home.png`,
]);

describe("slugify", () => {
  it("lower-cases, drops punctuation and turns each space into a hyphen", () => {
    expect(slugify("I3: each cached balance equals its entries")).toBe("i3-each-cached-balance-equals-its-entries");
    expect(slugify("Who may cancel: the seller only after the window")).toBe(
      "who-may-cancel-the-seller-only-after-the-window",
    );
  });

  it("keeps hyphens, underscores, digits and letters beyond ASCII", () => {
    expect(slugify("active_funded -> paid")).toBe("active_funded---paid");
    expect(slugify("Offres à la une, 2026")).toBe("offres-à-la-une-2026");
  });

  it("reads the rendered text: code, links, emphasis and tags", () => {
    expect(slugify("`GET /rest/v1/trade/{id}` for **parties**")).toBe("get-restv1tradeid-for-parties");
    expect(slugify("See [the ledger](ledger.md) <em>now</em>")).toBe("see-the-ledger-now");
  });
});

describe("anchorsOf", () => {
  it("numbers repeated headings -1, -2 as GitHub does", () => {
    const anchors = anchorsOf("# Notes\n## Context\n## Context\n### Context\n## Context-1");
    expect([...anchors]).toEqual(["notes", "context", "context-1", "context-2", "context-1-1"]);
  });

  it("takes explicit ids and names, and ignores headings inside fenced code", () => {
    const anchors = anchorsOf(
      ['<a id="i3"></a>', '<a name="legacy"></a>', "```md", "# Not a heading", "```", "## Real ##"].join("\n"),
    );
    expect([...anchors].sort()).toEqual(["i3", "legacy", "real"]);
  });
});

describe("findingsIn", () => {
  it("accepts references to existing documents and anchors", () => {
    const code = [
      `// The rule of ${DOCS}/reliability.md#i3-each-cached-balance-equals-its-entries.`,
      `/** See ${DOCS}/reliability.md#old-name and ${DOCS}/decisions/014-x.md. */`,
      `// Anchored heading with code: ${DOCS}/reliability.md#t2-active_funded-to-paid`,
    ].join("\n");
    expect(findingsIn("apps/server/src/a.ts", code, repo)).toEqual([]);
  });

  it("reports a missing file and a missing anchor, with the line", () => {
    const code = ["const a = 1;", `// ${DOCS}/missing.md and ${DOCS}/reliability.md#i99-nothing`].join("\n");
    expect(findingsIn("apps/server/src/a.ts", code, repo)).toEqual([
      { file: "apps/server/src/a.ts", line: 2, message: `${DOCS}/missing.md: ${DOCS}/missing.md does not exist` },
      {
        file: "apps/server/src/a.ts",
        line: 2,
        message: `${DOCS}/reliability.md#i99-nothing: ${DOCS}/reliability.md has no heading or anchor #i99-nothing`,
      },
    ]);
  });

  it("refuses documents the repo does not hold, the shared folder and numbered sections", () => {
    const code = [
      `// (${OUTSIDE("DECISIONS")} L6)`,
      `// ${OUTSIDE("RELIABILITY")} I5`,
      `// spec ${SECTION}4 and ${SPEC} ${SECTION}3`,
      `// see ${SHARED}/notes`,
      `// WebSocket close codes (RFC 6455 ${SECTION}7.4.1) are fine.`,
      `// ${DOCS}/reliability.md is the repo's own, in lower case.`,
    ].join("\n");
    const lines = findingsIn("apps/web/src/b.tsx", code, repo).map((finding) => finding.line);
    expect(lines).toEqual([1, 2, 3, 3, 3, 4]);
  });

  it("checks relative links of Markdown files against their own folder and anchors", () => {
    const markdown = [
      "Read [the next one](014-x.md#why), [this file's start](#014-x) and [a picture](../screenshots/home.png).",
      "A [missing](015-y.md), [a wrong anchor](014-x.md#how) and [an escape](../../../etc/passwd).",
      "Links to [the web](https://example.com/a.md) are not checked.",
    ].join("\n");
    const findings = findingsIn(`${DOCS}/decisions/014-x.md`, markdown, repo);
    expect(findings.map((finding) => [finding.line, finding.message])).toEqual([
      [2, `015-y.md: ${DOCS}/decisions/015-y.md does not exist`],
      [2, `014-x.md#how: ${DOCS}/decisions/014-x.md has no heading or anchor #how`],
      [2, "../../../etc/passwd: points outside the repo"],
    ]);
  });

  it("reads a root-relative path inside a Markdown link as relative to the document", () => {
    const markdown = `See [reliability](${DOCS}/reliability.md) from a decision.`;
    expect(findingsIn(`${DOCS}/decisions/014-x.md`, markdown, repo).map((finding) => finding.message)).toEqual([
      `${DOCS}/reliability.md: ${DOCS}/decisions/${DOCS}/reliability.md does not exist`,
    ]);
    expect(findingsIn("README.md", markdown, repo)).toEqual([]);
  });
});

describe("filesToScan", () => {
  it("reads sources, migrations and documents, and skips dependencies, build output and data", () => {
    const root = mkdtempSync(path.join(tmpdir(), "doc-references-"));
    try {
      for (const file of [
        "README.md",
        "apps/server/src/a.ts",
        "apps/server/src/db/migrations/0001-x.sql",
        "apps/web/src/b.tsx",
        "apps/web/dist/c.js",
        "node_modules/x/index.ts",
        ".data/pg/notes.md",
        ".test-data/results/r.md",
        "packages/money/package.json",
      ]) {
        mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
        writeFileSync(path.join(root, file), "");
      }
      expect(filesToScan(root)).toEqual([
        "apps/server/src/a.ts",
        "apps/server/src/db/migrations/0001-x.sql",
        "apps/web/src/b.tsx",
        "README.md",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
