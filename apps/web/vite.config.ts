import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const apiTarget = "http://localhost:3000";

/** Paths the server answers; the dev server forwards them so the app runs on one origin as in production. */
const serverPaths = ["/rest", "/account", "/docs", "/healthz"];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The budget is about gzipped first-load JavaScript; single chunks over 500 kB would deserve a look.
    chunkSizeWarningLimit: 500,
  },
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
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    env: { TZ: "UTC" },
    restoreMocks: true,
  },
});
