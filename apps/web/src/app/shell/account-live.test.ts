import { describe, expect, it } from "vitest";
import { changesAccount } from "./account-live.tsx";

const fact = (event: string) => ({
  event,
  subjectId: "sub_1",
  dedupeKey: `${event}:sub_1`,
  link: "/account/verification",
});

describe("which account facts refetch the page", () => {
  it("is a verification, company or offer moderation decision, not any other account fact", () => {
    expect(changesAccount(fact("account.verification_decided"))).toBe(true);
    expect(changesAccount(fact("offer.moderation_decided"))).toBe(true);
    expect(changesAccount(fact("account.company_verification_decided"))).toBe(true);
    expect(changesAccount(fact("account.new_device_login"))).toBe(false);
    expect(changesAccount(fact("wallet.deposit_confirmed"))).toBe(false);
  });

  it("ignores a payload that is not a fact", () => {
    expect(changesAccount(null)).toBe(false);
    expect(changesAccount({ event: "account.verification_decided" })).toBe(false);
  });
});
