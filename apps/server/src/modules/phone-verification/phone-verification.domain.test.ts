import { describe, expect, it } from "vitest";
import {
  countdownOf,
  decideConfirm,
  decideSend,
  PHONE_CODE_MAX_SENDS,
  parsePhone,
  type StoredPhoneCode,
} from "./phone-verification.domain.ts";

const now = new Date("2026-01-10T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const stored = (over: Partial<StoredPhoneCode> = {}): StoredPhoneCode => ({
  phone: "+33612345678",
  codeHash: "h",
  attempts: 0,
  sends: 1,
  windowStartedAt: ago(120),
  sentAt: ago(120),
  expiresAt: new Date(now.getTime() + 60_000),
  ...over,
});

describe("parsePhone", () => {
  it("reads international and national numbers", () => {
    expect(parsePhone("+33 6 12 34 56 78", null)).toEqual({
      ok: true,
      phone: { e164: "+33612345678", country: "FR", callingCode: "33", national: "612345678" },
    });
    expect(parsePhone("06 12 34 56 78", "FR")).toMatchObject({ ok: true, phone: { e164: "+33612345678" } });
  });

  it.each([
    ["hello", null, 2],
    ["0612345678", null, 2],
    ["+44 7700 900123", null, 3],
    ["+33 1 23 45 67 89", null, 4],
  ])("refuses %s with code %i", (input, country, error) => {
    expect(parsePhone(input, country)).toEqual({ ok: false, error });
  });
});

describe("decideSend", () => {
  it("starts a window on the first send and counts the next", () => {
    expect(decideSend(null, now)).toEqual({ ok: true, sends: 1, windowStartedAt: now });
    expect(decideSend(stored(), now)).toEqual({ ok: true, sends: 2, windowStartedAt: ago(120) });
  });

  it("counts down the cooldown after a send", () => {
    expect(decideSend(stored({ sentAt: ago(20) }), now)).toEqual({
      ok: false,
      countdown: 40,
      isAttemptsExceeded: false,
    });
  });

  it("stops at the day's limit until the window ends, then starts a new one", () => {
    const full = stored({ sends: PHONE_CODE_MAX_SENDS, windowStartedAt: ago(3600) });
    expect(decideSend(full, now)).toEqual({ ok: false, countdown: 23 * 3600, isAttemptsExceeded: true });
    expect(countdownOf(full, now)).toEqual({ countdown: 23 * 3600, isAttemptsExceeded: true });
    const old = stored({ sends: PHONE_CODE_MAX_SENDS, windowStartedAt: ago(24 * 3600) });
    expect(decideSend(old, now)).toEqual({ ok: true, sends: 1, windowStartedAt: now });
  });
});

describe("decideConfirm", () => {
  it("confirms, refuses wrong, expired, spent and missing codes", () => {
    expect(decideConfirm(stored(), "h", now)).toBe("confirmed");
    expect(decideConfirm(stored(), "x", now)).toBe("wrong");
    expect(decideConfirm(stored({ expiresAt: now }), "h", now)).toBe("expired");
    expect(decideConfirm(stored({ attempts: 5 }), "h", now)).toBe("too_many_attempts");
    expect(decideConfirm(null, "h", now)).toBe("no_code");
  });
});
