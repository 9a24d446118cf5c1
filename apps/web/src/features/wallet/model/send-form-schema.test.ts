import { describe, expect, it } from "vitest";
import { buildSendFormSchema, type SendFormValues, type SendLimits, toSendRequest } from "./send-form-schema.ts";

const limits: SendLimits = { decimals: 8, max: "0.24998000", minWithdrawal: "0.00010000" };
const base: SendFormValues = {
  cryptoCurrencyCode: "BTC",
  mode: "username",
  username: "bob",
  address: "",
  amount: "0.1",
  twoFactorCode: "",
};

function issues(values: Partial<SendFormValues>, overrides: Partial<SendLimits> = {}) {
  const result = buildSendFormSchema({ ...limits, ...overrides }).safeParse({ ...base, ...values });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
}

describe("send form schema", () => {
  it("accepts an exact amount within the limits", () => {
    expect(issues({})).toEqual([]);
  });

  it("refuses amounts that are not exact amounts of the currency, without rounding", () => {
    expect(issues({ amount: "" })).toEqual(["amount:amount_required"]);
    expect(issues({ amount: "1,5" })).toEqual(["amount:amount_invalid"]);
    expect(issues({ amount: "0.000000001" })).toEqual(["amount:amount_too_precise"]);
    expect(issues({ amount: "0" })).toEqual(["amount:amount_must_be_positive"]);
  });

  it("checks the minimum of withdrawals only, and the maximum of every send", () => {
    expect(
      issues({ mode: "address", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", amount: "0.00005" }),
    ).toEqual(["amount:amount_below_minimum"]);
    expect(issues({ amount: "0.00005" })).toEqual([]);
    expect(issues({ amount: "0.3" })).toEqual(["amount:amount_above_max"]);
    expect(issues({ amount: "0.3" }, { max: null })).toEqual([]);
  });

  it("refuses, as typed, an address of another chain's format and a send to oneself", () => {
    expect(issues({ mode: "address", address: "bc1q" })).toEqual(["address:address_invalid"]);
    expect(issues({ mode: "address", address: "0x0000000000000000000000000000000000000000" })).toEqual([
      "address:address_invalid",
    ]);
    expect(issues({ username: "Amina" }, { selfUsername: "amina" })).toEqual(["username:cannot_send_to_self"]);
    expect(issues({ username: "bob" }, { selfUsername: "amina" })).toEqual([]);
  });

  it("asks for the recipient of the chosen kind", () => {
    expect(issues({ username: " " })).toEqual(["username:username_required"]);
    expect(issues({ mode: "address", address: "" })).toEqual(["address:address_required"]);
  });

  it("builds a request with exactly one recipient", () => {
    expect(toSendRequest({ ...base, address: "bc1qxyz", amount: " 0.1 " }, "username")).toEqual({
      cryptoCurrencyCode: "BTC",
      amount: "0.1",
      username: "bob",
    });
    expect(toSendRequest({ ...base, address: " bc1qxyz ", twoFactorCode: "123456" }, "address")).toEqual({
      cryptoCurrencyCode: "BTC",
      amount: "0.1",
      address: "bc1qxyz",
      twoFactorCode: "123456",
    });
  });
});
