import { describe, expect, it } from "vitest";
import {
  type CorporateFacts,
  convertToCorporateRefusal,
  convertToPersonalRefusal,
  decide,
  personalVisibility,
  postponeRefusal,
  submitRefusal,
  takeRefusal,
} from "./corporate-accounts.domain.ts";

const personal: CorporateFacts = { isCorporate: false, isClosed: false, latestStatus: null };
const fresh: CorporateFacts = { isCorporate: true, isClosed: false, latestStatus: null };
const withStatus = (latestStatus: CorporateFacts["latestStatus"]): CorporateFacts => ({ ...fresh, latestStatus });

describe("conversion", () => {
  it("turns an open personal account corporate, and back unless an application waits", () => {
    expect(convertToCorporateRefusal(personal)).toBeNull();
    expect(convertToCorporateRefusal(fresh)).toBe("already_corporate");
    expect(convertToCorporateRefusal({ ...personal, isClosed: true })).toBe("account_closed");
    expect(convertToPersonalRefusal(fresh)).toBeNull();
    expect(convertToPersonalRefusal(personal)).toBe("already_personal");
    expect(convertToPersonalRefusal(withStatus("application_submitted"))).toBe("application_open");
    expect(convertToPersonalRefusal(withStatus("in_review"))).toBe("application_open");
    expect(convertToPersonalRefusal(withStatus("application_approved"))).toBeNull();
  });

  it("drops a company name choice when going personal", () => {
    expect(personalVisibility("legal_entity_name")).toBe("first_name_and_initial");
    expect(personalVisibility("business_name")).toBe("first_name_and_initial");
    expect(personalVisibility("full_name")).toBe("full_name");
    expect(personalVisibility("hide_name")).toBe("hide_name");
  });
});

describe("applications", () => {
  it("takes a first one, a resubmission or one after a rejection; never one beside an open or approved one", () => {
    expect(submitRefusal(fresh)).toBeNull();
    expect(submitRefusal(withStatus("application_waiting_resubmission"))).toBeNull();
    expect(submitRefusal(withStatus("application_rejected"))).toBeNull();
    expect(submitRefusal(withStatus("application_submitted"))).toBe("application_open");
    expect(submitRefusal(withStatus("in_review"))).toBe("application_open");
    expect(submitRefusal(withStatus("application_approved"))).toBe("already_approved");
    expect(submitRefusal(personal)).toBe("not_corporate");
    expect(submitRefusal({ ...fresh, isClosed: true })).toBe("account_closed");
  });

  it("lets a corporate account postpone until its company is verified", () => {
    expect(postponeRefusal(fresh)).toBeNull();
    expect(postponeRefusal(withStatus("application_rejected"))).toBeNull();
    expect(postponeRefusal(withStatus("application_approved"))).toBe("already_approved");
    expect(postponeRefusal(personal)).toBe("not_corporate");
  });
});

describe("review", () => {
  const open = { status: "application_submitted" as const, applicantId: 7, reviewerId: null };

  it("never lets a moderator review their own application", () => {
    expect(takeRefusal(open, 7)).toBe("own_application");
    expect(decide(open, 7, "approve")).toEqual({ ok: false, refusal: "own_application" });
  });

  it("keeps an application taken by one moderator to them, and a decided one decided", () => {
    const held = { ...open, status: "in_review" as const, reviewerId: 3 };
    expect(takeRefusal(held, 3)).toBeNull();
    expect(takeRefusal(held, 4)).toBe("taken_by_another");
    expect(takeRefusal({ ...held, status: "application_rejected" }, 3)).toBe("decided");
    expect(takeRefusal({ ...held, status: "application_waiting_resubmission" }, 3)).toBe("decided");
  });

  it("maps each decision to its status", () => {
    expect(decide(open, 3, "approve")).toEqual({ ok: true, status: "application_approved" });
    expect(decide(open, 3, "reject")).toEqual({ ok: true, status: "application_rejected" });
    expect(decide(open, 3, "request_resubmission")).toEqual({ ok: true, status: "application_waiting_resubmission" });
  });
});
