import { describe, expect, it } from "vitest";
import { parseFormBody } from "./form-body.ts";

describe("form bodies", () => {
  it("reads an empty body as no fields", () => {
    expect(parseFormBody("")).toEqual({});
    expect(parseFormBody("  ")).toEqual({});
  });

  it("decodes a properly encoded body, + as a space", () => {
    expect(parseFormBody("grant_type=client_credentials&client_id=a%2Bb&note=two+words%21")).toEqual({
      grant_type: "client_credentials",
      client_id: "a+b",
      note: "two words!",
    });
  });

  it("keeps the SDK's unencoded values as sent: spaces, plus signs and percent signs", () => {
    expect(
      parseFormBody("currency=USD&margin=0&offer_terms=I want to sell bitcoin&trade_details=100% sure, 1+1=2"),
    ).toEqual({
      currency: "USD",
      margin: "0",
      offer_terms: "I want to sell bitcoin",
      trade_details: "100% sure, 1+1=2",
    });
  });

  it("keeps an ampersand inside an unencoded value", () => {
    expect(parseFormBody("message=cash & card accepted&trade_hash=abc")).toEqual({
      message: "cash & card accepted",
      trade_hash: "abc",
    });
    // A piece that looks like a pair but sorts before the previous key belongs to the value.
    expect(parseFormBody("offer_terms=pay by bank & card=ok&trade_details=x")).toEqual({
      offer_terms: "pay by bank & card=ok",
      trade_details: "x",
    });
  });

  it("nests a[b] keys into objects and a[0] keys into lists", () => {
    expect(parseFormBody("offer_cap[active]=true&offer_cap[amount]=100&tags[0]=a&tags[1]=b")).toEqual({
      offer_cap: { active: "true", amount: "100" },
      tags: ["a", "b"],
    });
    expect(parseFormBody("duty_hours[0][day]=1&duty_hours[0][start_time]=09:00")).toEqual({
      duty_hours: [{ day: "1", start_time: "09:00" }],
    });
  });

  it("ignores keys that would reach an object's prototype", () => {
    const parsed = parseFormBody("__proto__[polluted]=yes&a[constructor]=x&ok=1");
    expect(parsed).toEqual({ ok: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads a key without a value as empty text, and raw UTF-8 as it is", () => {
    expect(parseFormBody("flag&name=Zoë Ünal")).toEqual({ flag: "", name: "Zoë Ünal" });
  });
});
