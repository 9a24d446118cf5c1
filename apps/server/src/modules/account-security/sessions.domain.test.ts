import { describe, expect, it } from "vitest";
import { describeDevice } from "./sessions.domain.ts";

const AGENTS = {
  chromeLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  firefoxWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
};

describe("describeDevice", () => {
  it("names the browser and the system of common agents", () => {
    expect(describeDevice(AGENTS.chromeLinux)).toBe("Chrome on Linux");
    expect(describeDevice(AGENTS.firefoxWindows)).toBe("Firefox on Windows");
    expect(describeDevice(AGENTS.safariIphone)).toBe("Safari on iPhone");
    expect(describeDevice(AGENTS.edgeWindows)).toBe("Edge on Windows");
    expect(describeDevice(AGENTS.chromeAndroid)).toBe("Chrome on Android");
    expect(describeDevice(AGENTS.safariMac)).toBe("Safari on macOS");
    expect(describeDevice(AGENTS.chromeLinux.replace("Chrome/", "HeadlessChrome/"))).toBe("Chrome on Linux");
  });

  it("says what it knows of a partial agent and nothing of an unknown one", () => {
    expect(describeDevice("curl/8.5.0")).toBe("curl");
    expect(describeDevice("SomeBot/1.0")).toBeNull();
    expect(describeDevice(null)).toBeNull();
    expect(describeDevice("")).toBeNull();
  });
});
