import { describe, expect, it } from "vitest";
import {
  countryFilterOf,
  isStoredId,
  localizedName,
  offsetMinutes,
  resolveLocale,
  toCountry,
  toCountryRef,
  toTimezones,
  utcOffset,
} from "./reference.domain.ts";
import type { CountryRow } from "./reference.repo.ts";

const nigeria: CountryRow = {
  id: 566,
  iso: "NG",
  iso3: "NGA",
  name: "Nigeria",
  names: { en: "Nigeria", fr: "Nigéria" },
  phone_code: "+234",
  is_kyc_supported: true,
  is_important: true,
  is_phone_verification_supported: true,
};

describe("localization", () => {
  it("uses the exact locale, then its language, then English, then the original name", () => {
    const names = { en: "Euro zone", fr: "Zone euro", "fr-ca": "Zone euro (CA)" };
    expect(localizedName(names, "Original", "fr-ca")).toBe("Zone euro (CA)");
    expect(localizedName(names, "Original", "fr-be")).toBe("Zone euro");
    expect(localizedName(names, "Original", "de")).toBe("Euro zone");
    expect(localizedName({}, "Original", "fr")).toBe("Original");
  });

  it("normalizes the asked locale and defaults to English", () => {
    expect(resolveLocale(undefined)).toBe("en");
    expect(resolveLocale("fr_CA")).toBe("fr-ca");
    expect(resolveLocale("FR")).toBe("fr");
  });
});

describe("countries", () => {
  it("copies name into originalName and localizes nameLocalized", () => {
    expect(toCountry(nigeria, "fr")).toMatchObject({
      id: 566,
      iso: "NG",
      iso3: "NGA",
      name: "Nigeria",
      originalName: "Nigeria",
      nameLocalized: "Nigéria",
      phoneCode: "+234",
    });
  });

  it("gives other modules the alpha-2 code as both iso and code", () => {
    expect(toCountryRef(nigeria, "en")).toEqual({ iso: "NG", code: "NG", name: "Nigeria", nameLocalized: "Nigeria" });
  });

  it("filters kyc and important only when asked and leaves Worldwide out unless iso_null is true", () => {
    expect(countryFilterOf({})).toEqual({ includeIsoNull: false });
    expect(countryFilterOf({ kyc: true, important: false })).toEqual({
      isKycSupported: true,
      isImportant: false,
      includeIsoNull: false,
    });
    expect(countryFilterOf({ isoNull: true })).toEqual({ includeIsoNull: true });
    expect(countryFilterOf({ isoNull: false })).toEqual({ includeIsoNull: false });
  });
});

describe("ids", () => {
  it("accepts only ids an INTEGER column can hold", () => {
    expect(isStoredId(144)).toBe(true);
    expect(isStoredId(2_147_483_648)).toBe(false);
    expect(isStoredId(1.5)).toBe(false);
    expect(isStoredId(Number.NaN)).toBe(false);
  });
});

describe("time zones", () => {
  const winter = new Date("2026-01-15T12:00:00Z");
  const summer = new Date("2026-07-15T12:00:00Z");

  it("computes the offset at a moment, daylight saving included", () => {
    expect(utcOffset("Europe/Paris", winter)).toBe("+01:00");
    expect(utcOffset("Europe/Paris", summer)).toBe("+02:00");
    expect(utcOffset("America/New_York", winter)).toBe("-05:00");
    expect(utcOffset("Asia/Kathmandu", winter)).toBe("+05:45");
    expect(utcOffset("UTC", winter)).toBe("+00:00");
    expect(utcOffset("Africa/Lagos", summer)).toBe("+01:00");
  });

  it("reads offsets as minutes east of UTC", () => {
    expect(offsetMinutes("+05:30")).toBe(330);
    expect(offsetMinutes("-03:00")).toBe(-180);
    expect(offsetMinutes("+00:00")).toBe(0);
  });

  it("orders zones west to east", () => {
    const zones = toTimezones(
      [
        { id: 1, name: "Asia/Tokyo", label: "Tokyo" },
        { id: 2, name: "America/Los_Angeles", label: "Pacific" },
        { id: 3, name: "UTC", label: "UTC" },
      ],
      winter,
    );
    expect(zones.map((zone) => zone.name)).toEqual(["America/Los_Angeles", "UTC", "Asia/Tokyo"]);
    expect(zones[0]).toEqual({ name: "America/Los_Angeles", label: "Pacific", utcOffset: "-08:00" });
  });
});
