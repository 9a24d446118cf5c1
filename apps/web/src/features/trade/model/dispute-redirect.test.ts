import { describe, expect, it } from "vitest";
import { isDisputeRedirect } from "./dispute-redirect.ts";

describe("the redirect when a trade becomes dispute_open", () => {
  it("happens when the page saw the trade paid or unpaid and now sees the dispute", () => {
    expect(isDisputeRedirect("paid", "dispute_open")).toBe(true);
    expect(isDisputeRedirect("active_funded", "dispute_open")).toBe(true);
  });

  it("does not happen on the first load, while the dispute stays open, or for other statuses", () => {
    expect(isDisputeRedirect(null, "dispute_open")).toBe(false);
    expect(isDisputeRedirect("dispute_open", "dispute_open")).toBe(false);
    expect(isDisputeRedirect("paid", "released")).toBe(false);
    expect(isDisputeRedirect("dispute_open", "dispute_won_buyer")).toBe(false);
  });
});
