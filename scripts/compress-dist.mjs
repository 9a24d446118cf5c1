#!/usr/bin/env node
// Writes .br and .gz copies of the built web assets so the server sends them compressed
// (@fastify/static's preCompressed option) without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(process.argv[2] ?? "apps/web/dist");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;
let files = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(name) && statSync(file).size > 1024) {
      const content = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files += 1;
    }
  }
}
walk(dist);
console.log(`compressed ${files} files in ${path.relative(process.cwd(), dist) || "."}`);
