import { describe, expect, it } from "vitest";
import { DEVICE_ID_LENGTH, deviceIdEnd, hashDeviceId, isDeviceId, newDeviceId } from "./device-id.ts";

describe("device id", () => {
  it("is 32 letters and digits, different each time", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newDeviceId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toHaveLength(DEVICE_ID_LENGTH);
      expect(isDeviceId(id)).toBe(true);
    }
  });

  it("refuses anything that is not exactly 32 letters and digits", () => {
    expect(isDeviceId("a".repeat(31))).toBe(false);
    expect(isDeviceId("a".repeat(33))).toBe(false);
    expect(isDeviceId(`${"a".repeat(31)}-`)).toBe(false);
    expect(isDeviceId(`${"a".repeat(31)}é`)).toBe(false);
    expect(isDeviceId(undefined)).toBe(false);
    expect(isDeviceId(12)).toBe(false);
    expect(isDeviceId(`${"aB3".repeat(10)}zz`)).toBe(true);
  });

  it("is stored as a hash and shown by its last six characters", () => {
    const id = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
    expect(hashDeviceId(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashDeviceId(id)).not.toContain(id);
    expect(deviceIdEnd(id)).toBe("012345");
  });
});
