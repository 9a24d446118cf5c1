import { describe, expect, it } from "vitest";
import { serverRenderedRoutes } from "./entry-server.tsx";

// Every page module of the app, by its path from src/ ("./app/pages/marketplace-page.tsx").
const pageModules = Object.keys(import.meta.glob("./**/pages/*.tsx"));

describe("server-rendered routes", () => {
  it("name page modules that exist, so the server finds their styles in the build's manifest", () => {
    for (const [path, route] of Object.entries(serverRenderedRoutes)) {
      expect(pageModules, path).toContain(route.module.replace(/^src\//, "./"));
    }
  });
});
