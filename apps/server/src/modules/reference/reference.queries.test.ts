import { countryFilterQuerySchema, countryListQuerySchema, localeQuerySchema } from "@souk/contracts";
import { describe, expect, it } from "vitest";

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("country queries", () => {
  it("default to limit 500 and offset 0", () => {
    expect(countryListQuerySchema.parse({})).toEqual({ limit: 500, offset: 0 });
  });

  it("read booleans written as true, false, 1 or 0", () => {
    expect(countryFilterQuerySchema.parse({ kyc: "true", important: "0", isoNull: "1" })).toMatchObject({
      kyc: true,
      important: false,
      isoNull: true,
    });
  });

  it("refuse other booleans, non-numeric and out-of-range pages with a message per field", () => {
    const result = countryFilterQuerySchema.safeParse({ kyc: "maybe", limit: "abc", offset: "-1" });
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual(
      expect.arrayContaining([
        ["kyc", "boolean_invalid"],
        ["limit", "integer_invalid"],
        ["offset", "integer_invalid"],
      ]),
    );
    expect(issuesOf(countryListQuerySchema.safeParse({ limit: "100000" }))).toEqual([["limit", "must_be_at_most_500"]]);
    expect(issuesOf(countryListQuerySchema.safeParse({ limit: "0" }))).toEqual([["limit", "must_be_at_least_1"]]);
  });

  it("refuse a limit sent twice", () => {
    expect(countryListQuerySchema.safeParse({ limit: ["1", "2"] }).success).toBe(false);
  });
});

describe("locale query", () => {
  it("accepts language tags and refuses anything else", () => {
    expect(localeQuerySchema.parse({ locale: "fr-CA" })).toEqual({ locale: "fr-CA" });
    expect(localeQuerySchema.parse({})).toEqual({});
    expect(issuesOf(localeQuerySchema.safeParse({ locale: "../../etc" }))).toEqual([["locale", "locale_invalid"]]);
  });
});
