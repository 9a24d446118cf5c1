import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { shorterPreloadLists } from "./build/preload-lists.ts";
import { zodJitless } from "./build/zod-jitless.ts";

const apiTarget = "http://localhost:3000";

/**
 * The contracts build schemas at module level (`z.object(...)`, `currentUserSchema.nullable()`).
 * Those calls have no side effects; saying so lets the bundler drop every schema a page does not
 * use, so importing a constant such as PAGE_DATA_GLOBAL does not bring zod into the first load.
 * By the contracts' naming, every schema's name ends in "Schema".
 */
function contractSchemaNames(): string[] {
  const directory = fileURLToPath(new URL("../../packages/contracts/src/", import.meta.url));
  const names = new Set<string>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
    const source = readFileSync(`${directory}${file}`, "utf8");
    for (const match of source.matchAll(/export (?:const|function) (\w+Schema)\b/g)) names.add(match[1] as string);
  }
  return [...names];
}

/** Paths the server answers; the dev server forwards them so the app runs on one origin as in production. */
const serverPaths = ["/rest", "/account", "/docs", "/healthz"];

export default defineConfig(({ isSsrBuild }) => {
  const preloadLists = shorterPreloadLists();
  return {
    // zodJitless: zod never compiles parsers with eval in the browser (build/zod-jitless.ts).
    plugins: [zodJitless(), react(), preloadLists.plugin],
    // The dev server pre-bundles zod apart from the build: the same rewrite applies there.
    optimizeDeps: { rolldownOptions: { plugins: [zodJitless()] } },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      // dist/.vite/manifest.json: which styles and scripts a page's code needs; the server links them
      // from the pages it renders itself (apps/server/src/web/server-render.ts).
      manifest: true,
      // The budget is about gzipped first-load JavaScript; single chunks over 500 kB would deserve a look.
      chunkSizeWarningLimit: 500,
      // Every browser Souk supports knows <link rel="modulepreload">; the polyfill would only add bytes.
      // Each `import()` preloads only what its chunk has not loaded already (build/preload-lists.ts).
      modulePreload: { polyfill: false, resolveDependencies: preloadLists.resolveDependencies },
      rolldownOptions: {
        output: {
          // Pages keep their names; the chunks they share are named by their hash alone. Every
          // `import()` lists the shared chunks it preloads by name (build/preload-lists.ts), and
          // most of them are in the entry chunk's route table: short names are first-load bytes
          // saved. The build manifest still names each chunk (scripts/web-size.mjs prints it).
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? "assets/[name]-[hash].js" : "assets/c-[hash].js"),
        },
        treeshake: {
          // The shared packages only declare schemas and functions: importing one constant must not
          // drag every zod schema of the contracts (and zod itself) into the first page load.
          moduleSideEffects: (id: string) => (/\/packages\/(contracts|money)\/src\//.test(id) ? false : undefined),
          manualPureFunctions: ["z", ...contractSchemaNames()],
        },
      },
    },
    // The server bundle (src/entry-server.tsx, built by `npm run build` into dist-ssr) carries its
    // dependencies: the server loads one file and needs nothing of the web app's packages at run time.
    ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        ...Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
        "/realtime": { target: apiTarget, ws: true },
      },
    },
    preview: {
      port: 4173,
      strictPort: true,
    },
    // The root vitest config runs this file as the "web" project.
    test: {
      name: "web",
      include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
      environment: "happy-dom",
      env: { TZ: "UTC" },
      restoreMocks: true,
    },
  };
});
