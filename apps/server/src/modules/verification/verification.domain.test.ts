import { describe, expect, it } from "vitest";
import {
  bannersOf,
  type Conditions,
  decideStart,
  effectsOf,
  isFullyVerified,
  levelOf,
  limitsOf,
  missingSidesOf,
  selfieModeOf,
  unusedVolumeOf,
  videoAttemptsLeft,
} from "./verification.domain.ts";

const none: Conditions = {
  phone: false,
  email: false,
  fullname_birthday: false,
  id: false,
  in_house_id: false,
  address: false,
  video: false,
};
const meet = (...conditions: (keyof Conditions)[]): Conditions =>
  ({ ...none, ...Object.fromEntries(conditions.map((condition) => [condition, true])) }) as Conditions;

describe("levelOf", () => {
  it("is the highest level whose conditions, and those of every level below, are all met", () => {
    expect(levelOf(none, false)).toEqual({ level: "L0", accountLevel: 0 });
    expect(levelOf(meet("email"), false)).toEqual({ level: "L0", accountLevel: 0 });
    expect(levelOf(meet("email", "phone"), false)).toEqual({ level: "L1", accountLevel: 1 });
    expect(levelOf(meet("email", "phone", "fullname_birthday"), false)).toEqual({ level: "L1+", accountLevel: 1.5 });
    expect(levelOf(meet("email", "phone", "fullname_birthday", "id"), false)).toEqual({ level: "L2", accountLevel: 2 });
    const poa = meet("email", "phone", "fullname_birthday", "id", "address");
    expect(levelOf(poa, false)).toEqual({ level: "L2+POA", accountLevel: 2 });
    expect(levelOf({ ...poa, video: true }, false)).toEqual({ level: "L3", accountLevel: 3 });
    expect(levelOf({ ...poa, video: true, in_house_id: true }, false)).toEqual({ level: "L4", accountLevel: 3 });
    // A gap stops the climb: an address without an ID gives nothing above L1+.
    expect(levelOf(meet("email", "phone", "fullname_birthday", "address", "video"), false).level).toBe("L1+");
  });

  it("keeps a demo account at -1", () => {
    expect(levelOf(meet("email", "phone"), true)).toEqual({ level: "L1", accountLevel: -1 });
  });

  it("calls fully verified only id, e-mail, address and phone together", () => {
    expect(isFullyVerified(meet("id", "email", "address", "phone"))).toBe(true);
    expect(isFullyVerified(meet("id", "email", "address", "video", "fullname_birthday"))).toBe(false);
  });
});

describe("limits", () => {
  it("converts the tier's USD limits into the fiat, rounded down to cents", () => {
    expect(limitsOf(0, "EUR", "0.925")).toEqual({
      fiatCurrencyCode: "EUR",
      perTradeLimitInFiatCurrency: "925.00",
      dailyLimitInFiatCurrency: "1850.00",
      rolling30DaysLimitInFiatCurrency: "9250.00",
    });
    expect(limitsOf(1.5, "USD", "1").perTradeLimitInFiatCurrency).toBe("10000.00");
    expect(limitsOf(3, "USD", "1")).toMatchObject({
      perTradeLimitInFiatCurrency: null,
      rolling30DaysLimitInFiatCurrency: null,
    });
  });

  it("leaves what the 30 days have not used, never below zero, and nothing to count without a limit", () => {
    expect(unusedVolumeOf(0, "2500.5", "1")).toBe("7499.50");
    expect(unusedVolumeOf(0, "12000", "1")).toBe("0.00");
    expect(unusedVolumeOf(0, "0", "2")).toBe("20000.00");
    expect(unusedVolumeOf(3, "99999999", "1")).toBeNull();
  });
});

describe("submissions", () => {
  it("names the sides an ID still needs", () => {
    expect(missingSidesOf("id", [])).toEqual(["front", "back", "selfie"]);
    expect(missingSidesOf("id", ["selfie", "front"])).toEqual(["back"]);
    expect(missingSidesOf("address", ["proof"])).toEqual([]);
  });

  it("refuses a start when verified already or when one of the kind is open", () => {
    expect(decideStart("id", meet("id"), null)).toEqual({ reason: "already_verified" });
    expect(decideStart("id", none, { status: "pending" })).toEqual({ reason: "in_progress", status: "pending" });
    expect(decideStart("address", meet("id"), null)).toBeNull();
  });

  it("counts three video tries", () => {
    expect([0, 1, 3, 5].map(videoAttemptsLeft)).toEqual([3, 2, 0, 0]);
  });
});

describe("effectsOf", () => {
  const blocked = ["start-trade-buy", "create-offer"];

  it("an approved ID verifies id and name, in house for the manual provider, and lifts the blocks", () => {
    expect(effectsOf({ type: "id", provider: "manual" }, { outcome: "approved" }, blocked)).toEqual({
      status: "approved",
      reason: null,
      verifies: ["id", "fullname_birthday", "in_house_id"],
      blockedKycActions: [],
    });
    expect(effectsOf({ type: "id", provider: "sumsub" }, { outcome: "approved" }, blocked).verifies).toEqual([
      "id",
      "fullname_birthday",
    ]);
  });

  it("an approved address verifies the address and keeps the blocks", () => {
    expect(effectsOf({ type: "address", provider: "manual" }, { outcome: "approved" }, blocked)).toMatchObject({
      verifies: ["address"],
      blockedKycActions: blocked,
    });
  });

  it("a rejection or a resubmission request keeps the reason and changes no condition", () => {
    expect(effectsOf({ type: "id", provider: "manual" }, { outcome: "rejected", reason: "blurred" }, blocked)).toEqual({
      status: "rejected",
      reason: "blurred",
      verifies: [],
      blockedKycActions: blocked,
    });
    expect(
      effectsOf({ type: "id", provider: "manual" }, { outcome: "resubmission_requested", reason: "cut off" }, [])
        .status,
    ).toBe("corrupted");
  });
});

describe("bannersOf", () => {
  it("alerts while actions are blocked and asks for an ID after one was turned down", () => {
    expect(bannersOf(none, [], null)).toEqual({ kycIdRequired: false, kycForcedAlert: false });
    expect(bannersOf(none, ["start-trade-buy"], null)).toEqual({ kycIdRequired: true, kycForcedAlert: true });
    expect(bannersOf(none, [], "rejected")).toEqual({ kycIdRequired: true, kycForcedAlert: false });
    expect(bannersOf(meet("id"), [], "rejected").kycIdRequired).toBe(false);
  });
});

describe("the video's selfie mode", () => {
  it("enrols the face while no ID is verified, and verifies it against the ID's selfie once one is", () => {
    expect(selfieModeOf(meet("email", "phone"))).toBe("ENROL");
    expect(selfieModeOf(meet("email", "phone", "fullname_birthday", "id"))).toBe("VERIFY");
  });
});
