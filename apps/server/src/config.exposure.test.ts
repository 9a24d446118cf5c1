import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

/**
 * The exposure settings of the operations surfaces (docs/decisions/076-hostile-input.md): `/docs`
 * is on unless SOUK_API_DOCS says false, and `/metrics` on the main port needs a token long
 * enough not to be guessed.
 */

const base = { NODE_ENV: "test" };

describe("the operations surfaces' settings, read from the environment", () => {
  it("serves the API pages unless SOUK_API_DOCS is false or 0", () => {
    expect(loadConfig(base).SOUK_API_DOCS).toBe(true);
    expect(loadConfig({ ...base, SOUK_API_DOCS: "" }).SOUK_API_DOCS).toBe(true);
    expect(loadConfig({ ...base, SOUK_API_DOCS: "true" }).SOUK_API_DOCS).toBe(true);
    expect(loadConfig({ ...base, SOUK_API_DOCS: "false" }).SOUK_API_DOCS).toBe(false);
    expect(loadConfig({ ...base, SOUK_API_DOCS: "0" }).SOUK_API_DOCS).toBe(false);
  });

  it("refuses a value of SOUK_API_DOCS it cannot read, rather than guess", () => {
    expect(() => loadConfig({ ...base, SOUK_API_DOCS: "off" })).toThrow(/SOUK_API_DOCS/);
  });

  it("keeps /metrics off the main port without a token, and refuses a short one", () => {
    expect(loadConfig(base).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...base, METRICS_TOKEN: "a-token-of-sixteen-or-more" }).METRICS_TOKEN).toBe(
      "a-token-of-sixteen-or-more",
    );
  });
});
