import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileTestUsdt, TEST_USDT_ARTIFACT } from "./compile-test-usdt.ts";

describe("the shipped test USDT artifact", () => {
  it("is exactly what the shipped compiler makes of the shipped source", () => {
    const shipped = JSON.parse(readFileSync(TEST_USDT_ARTIFACT, "utf8"));
    expect(compileTestUsdt()).toEqual(shipped);
  }, 60_000);
});
