import { describe, expect, it } from "vitest";
import { scriptsToPreload, staticClosure } from "./preload-lists.ts";

// index imports react and Box statically; the page imports Box, Button and its own styles' chunk;
// Button imports Box and Loader.
const bundle = {
  "assets/index.js": { imports: ["assets/react.js", "assets/Box.js"] },
  "assets/react.js": { imports: [] },
  "assets/Box.js": { imports: ["assets/react.js"] },
  "assets/page.js": { imports: ["assets/Box.js", "assets/Button.js"] },
  "assets/Button.js": { imports: ["assets/Box.js", "assets/Loader.js"] },
  "assets/Loader.js": { imports: ["assets/react.js"] },
};

describe("staticClosure", () => {
  it("holds a chunk and everything it imports statically, however deep", () => {
    expect([...staticClosure(bundle, "assets/page.js")].sort()).toEqual([
      "assets/Box.js",
      "assets/Button.js",
      "assets/Loader.js",
      "assets/page.js",
      "assets/react.js",
    ]);
  });
});

describe("scriptsToPreload", () => {
  const vitesList = ["assets/page.js", "assets/Box.js", "assets/react.js", "assets/Button.js", "assets/Loader.js"];

  it("keeps the imported chunk and its own imports that its importer has not loaded", () => {
    expect(scriptsToPreload(bundle, "assets/index.js", "assets/page.js", vitesList)).toEqual([
      "assets/page.js",
      "assets/Button.js",
    ]);
  });

  it("leaves deeper imports to the browser, which finds them in the imported chunks", () => {
    expect(scriptsToPreload(bundle, "assets/index.js", "assets/page.js", vitesList)).not.toContain("assets/Loader.js");
  });

  it("lists nothing its importer loaded already", () => {
    expect(
      scriptsToPreload(bundle, "assets/page.js", "assets/Button.js", ["assets/Button.js", "assets/Box.js"]),
    ).toEqual([]);
  });
});
