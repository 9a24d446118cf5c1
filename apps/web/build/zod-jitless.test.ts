import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withJitlessConfig } from "./zod-jitless.ts";

describe("withJitlessConfig", () => {
  it("ends zod's installed core module with the jitless setting", () => {
    const core = readFileSync(new URL("../../../node_modules/zod/v4/core/core.js", import.meta.url), "utf8");
    const rewritten = withJitlessConfig(core);
    expect(rewritten.startsWith(core)).toBe(true);
    expect(rewritten.trimEnd().endsWith("config({ jitless: true });")).toBe(true);
  });

  it("fails when the module no longer declares config", () => {
    expect(() => withJitlessConfig("export const globalConfig = {};")).toThrow(/no longer declares `config`/);
  });
});
