import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withJitlessConfig } from "./zod-jitless.ts";

describe("withJitlessConfig", () => {
  it("ends zod's installed core module with the jitless setting", () => {
    const core = readFileSync(path.join(import.meta.dirname, "../../../node_modules/zod/v4/core/core.js"), "utf8");
    const rewritten = withJitlessConfig(core);
    expect(rewritten.startsWith(core)).toBe(true);
    expect(rewritten.trimEnd().endsWith("config({ jitless: true });")).toBe(true);
  });

  it("fails when the module no longer declares config", () => {
    expect(() => withJitlessConfig("export const globalConfig = {};")).toThrow(/no longer declares `config`/);
  });
});
