#!/usr/bin/env node
// Prints the gzipped JavaScript a page of the built web app loads first.
//
//   node scripts/web-size.mjs [page-chunk-prefix ...]
//       Static count: the entry chunk and what it imports statically (index.html's modulepreload
//       links), plus each named page chunk (for example "marketplace-page") and its static imports.
//   node scripts/web-size.mjs --url http://localhost:3000/buy
//       Browser count: every JavaScript file a headless Chromium fetches until the page is idle
//       (lazy chunks the shell or the page asks for at start included).
//   --dist <dir> reads another build than apps/web/dist (vite build --outDir <dir>).
//
// Sizes are gzip level 9 of the built files, as a server compressing them sends.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const distIndex = args.indexOf("--dist");
const dist = distIndex >= 0 ? path.resolve(args.splice(distIndex, 2)[1] ?? "") : path.join(root, "apps", "web", "dist");
const assets = path.join(dist, "assets");

function gzipSize(file) {
  return gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
}

/** Static imports of a built chunk: `from"./x.js"` and bare `import"./x.js"`, not `import("./x.js")`. */
function staticImportsOf(file) {
  const source = readFileSync(path.join(assets, file), "utf8");
  const found = new Set();
  for (const match of source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) found.add(match[1]);
  return [...found];
}

function closure(start) {
  const seen = new Set();
  const stack = [...start];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImportsOf(file));
  }
  return seen;
}

/** The build manifest's name of each chunk file (shared chunks' files are named by their hash alone). */
function chunkNames() {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
    return new Map(Object.values(manifest).map((chunk) => [path.basename(chunk.file), chunk.name]));
  } catch {
    return new Map();
  }
}

function print(files) {
  const names = chunkNames();
  const rows = [...files].map((file) => ({ file, bytes: gzipSize(file) })).sort((a, b) => b.bytes - a.bytes);
  for (const row of rows) {
    const name = names.get(row.file);
    const label = name && !row.file.startsWith(`${name}-`) ? `${row.file} (${name})` : row.file;
    console.log(`${(row.bytes / 1024).toFixed(1).padStart(8)} KiB  ${label}`);
  }
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`${(total / 1024).toFixed(1).padStart(8)} KiB  total gzipped JavaScript (${rows.length} files)`);
}

async function measureInBrowser(url) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const page = await browser.newPage();
    const files = new Set();
    page.on("response", (response) => {
      const name = new URL(response.url()).pathname;
      if (name.startsWith("/assets/") && name.endsWith(".js")) files.add(path.basename(name));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    return files;
  } finally {
    await browser.close();
  }
}

const urlIndex = args.indexOf("--url");
if (urlIndex >= 0) {
  const url = args[urlIndex + 1];
  if (!url) throw new Error("--url needs an address");
  console.log(`JavaScript fetched by ${url} until idle:`);
  print(await measureInBrowser(url));
} else {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
  const available = readdirSync(assets);
  const pages = args.map((prefix) => {
    const file = available.find((name) => name.startsWith(`${prefix}-`) && name.endsWith(".js"));
    if (!file) throw new Error(`no chunk named ${prefix}-*.js in ${assets}`);
    return file;
  });
  console.log(`Entry${pages.length > 0 ? ` + ${pages.join(", ")}` : ""} and their static imports:`);
  print(closure([...entry, ...pages]));
}
