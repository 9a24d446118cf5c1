import path from "node:path";

/**
 * The rules of `npm run doc-references`, as pure functions over text: every reference to a
 * document must lead to a file and a heading the repo holds, and nothing may cite a document the
 * repo does not hold. The command (check-doc-references.ts) reads the files; these functions only
 * look at the text they are given, so the tests feed them plain strings.
 */

export interface Finding {
  /** The file's path from the repo root, with forward slashes. */
  file: string;
  /** 1-based. */
  line: number;
  message: string;
}

/** What the scanner may ask about the repo: whether a file exists and which anchors a document has. */
export interface RepoIndex {
  /** True for an existing file or directory; `repoPath` is relative to the repo root. */
  exists(repoPath: string): boolean;
  /** The anchors of a Markdown file (headings' slugs and explicit ids), or null when it is not one. */
  anchorsOf(repoPath: string): ReadonlySet<string> | null;
}

// ---- anchors -------------------------------------------------------------------------------

/**
 * The anchor GitHub gives a heading: the rendered text lower-cased, every character that is not a
 * letter, a digit, a space, a hyphen or an underscore removed, and each space turned into a
 * hyphen ("I3: each cached balance equals its entries" becomes
 * "i3-each-cached-balance-equals-its-entries"). Duplicates are numbered by `anchorsOf`.
 */
export function slugify(headingText: string): string {
  return renderedText(headingText)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The text a heading shows: inline code, links, images, emphasis and HTML tags reduced to their text. */
function renderedText(markdown: string): string {
  return markdown
    .replace(/<[^>]+>/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/\*+/g, "")
    .trim();
}

const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const EXPLICIT_ANCHOR = /<a\s+(?:[^>]*\s)?(?:id|name)\s*=\s*"([^"]+)"/g;

/**
 * Every anchor of a Markdown document: each ATX heading's slug outside fenced code (a repeated
 * slug gets -1, -2, ... in order, as GitHub numbers them) and each `<a id="...">` or
 * `<a name="...">`.
 */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const occurrences = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    for (const match of line.matchAll(EXPLICIT_ANCHOR)) if (match[1]) anchors.add(match[1]);
    const heading = ATX_HEADING.exec(line);
    if (!heading) continue;
    const base = slugify(heading[1] ?? "");
    let slug = base;
    while (occurrences.has(slug)) {
      const count = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, count);
      slug = `${base}-${count}`;
    }
    occurrences.set(slug, 0);
    anchors.add(slug);
  }
  return anchors;
}

// ---- what may not be cited -----------------------------------------------------------------

interface Forbidden {
  pattern: RegExp;
  message: string;
}

// The names are assembled so that this file does not mention them itself.
const OUTSIDE_DOCUMENTS = ["DECISIONS", "RELIABILITY", "ARCHITECTURE", "STYLE"].map((name) => `${name}\\.md`);
const SPEC_FILES = [
  ["trading", "core"],
  ["account", "platform"],
].map((words) => words.join("-"));
const SECTION_SIGN = "\\u00a7";

const FORBIDDEN: readonly Forbidden[] = [
  {
    pattern: new RegExp(`\\b(?:${OUTSIDE_DOCUMENTS.join("|")})`, "g"),
    message:
      "cites a document the repo does not hold; cite the reliability, product or decision document under docs/ with an anchor",
  },
  {
    pattern: /\.\.\/shared\b/g,
    message: "points outside the repo; cite a file under docs/ instead",
  },
  {
    pattern: new RegExp(`\\b(?:${SPEC_FILES.join("|")})\\b`, "g"),
    message: "names a specification the repo does not hold; cite the product document under docs/ with an anchor",
  },
  {
    // A section sign cites a numbered section of some document; only RFCs are cited that way here
    // ("RFC 6455 <sign>7.4.1"), and the repo's own documents are cited by anchor instead.
    pattern: new RegExp(`(?<!RFC\\s*\\d+\\s*)${SECTION_SIGN}`, "g"),
    message: "cites a numbered section of a document the repo does not hold; cite docs/<file>.md#<anchor> instead",
  },
];

// ---- references ----------------------------------------------------------------------------

/** `docs/<path>.md` or `docs/<path>.md#anchor`, written from the repo root (in code and prose). */
const ROOT_REFERENCE = /(?<![\w./-])docs\/[\w./-]*?\.md(?![\w])(?:#([\w-]*))?/g;
/** A Markdown link or image target: `[text](target)` or `[text](target "title")`. */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The findings of one file. `file` is its path from the repo root; `text` its content. Every
 * reference to a document under docs/ must name an existing file and, with `#anchor`, one of its
 * anchors. In Markdown files, relative link targets must exist too (relative to the file, inside
 * the repo), and `#anchor` targets must be anchors of the linked document or of the file itself.
 * Citations of documents the repo does not hold are findings wherever they appear.
 */
export function findingsIn(file: string, text: string, repo: RepoIndex): Finding[] {
  const findings: Finding[] = [];
  const isMarkdown = file.endsWith(".md");
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const at = (message: string) => findings.push({ file, line: index + 1, message });
    for (const rule of FORBIDDEN) {
      for (const match of line.matchAll(rule.pattern)) at(`"${match[0]}" ${rule.message}`);
    }
    for (const match of line.matchAll(ROOT_REFERENCE)) {
      // In Markdown a link target is relative to its file; the link check below reads it.
      if (isMarkdown && line.slice(Math.max(0, (match.index ?? 0) - 2), match.index) === "](") continue;
      const [reference] = match;
      const [target = "", anchor] = reference.split("#");
      const problem = problemWith(target, anchor, repo);
      if (problem) at(`${reference}: ${problem}`);
    }
    if (!isMarkdown) return;
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const reference = match[1] ?? "";
      if (URL_SCHEME.test(reference) || reference.startsWith("//")) continue;
      const hashAt = reference.indexOf("#");
      const targetPart = hashAt === -1 ? reference : reference.slice(0, hashAt);
      const anchor = hashAt === -1 ? undefined : reference.slice(hashAt + 1);
      const target =
        targetPart === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), targetPart));
      if (target === ".." || target.startsWith("../") || path.posix.isAbsolute(target)) {
        at(`${reference}: points outside the repo`);
        continue;
      }
      const problem = problemWith(target, anchor, repo);
      if (problem) at(`${reference}: ${problem}`);
    }
  });
  return findings;
}

function problemWith(target: string, anchor: string | undefined, repo: RepoIndex): string | null {
  if (!repo.exists(target)) return `${target} does not exist`;
  if (anchor === undefined) return null;
  const anchors = repo.anchorsOf(target);
  if (anchors === null) return `${target} is not a Markdown document, so it has no #${anchor}`;
  if (anchor === "" || !anchors.has(anchor)) return `${target} has no heading or anchor #${anchor}`;
  return null;
}
