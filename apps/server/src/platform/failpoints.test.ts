import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import { armFailpoints, failpoint } from "./failpoints.ts";

describe("failpoints", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("kill the process with SIGKILL at an armed name only", () => {
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    failpoint("trade.release.after_commit");
    expect(kill).not.toHaveBeenCalled();
    armFailpoints([" trade.release.after_commit ", ""]);
    failpoint("trade.release.before_commit");
    expect(kill).not.toHaveBeenCalled();
    failpoint("trade.release.after_commit");
    expect(kill).toHaveBeenCalledExactlyOnceWith(process.pid, "SIGKILL");
  });

  it("are refused by a production configuration", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SOUK_FAILPOINTS: "trade.release.after_commit" })).toThrow(
      /SOUK_FAILPOINTS: failpoints exist for test builds only/,
    );
    expect(loadConfig({ NODE_ENV: "development", SOUK_FAILPOINTS: "a,b" }).SOUK_FAILPOINTS).toBe("a,b");
    expect(loadConfig({ NODE_ENV: "production" }).SOUK_FAILPOINTS).toBe("");
  });
});
