import { describe, expect, it } from "vitest";
import { createdMessageKey } from "./created-message.ts";

describe("what a new offer's owner is told", () => {
  it("says published only when the marketplace shows the offer", () => {
    expect(createdMessageKey({ isActive: true, isEnabled: true, isListed: true })).toBe("feedback.created");
    expect(createdMessageKey({ isActive: true, isEnabled: true, isListed: false })).toBe("feedback.createdNotListed");
  });

  it("never says published next to an insufficient bond", () => {
    expect(createdMessageKey({ isActive: true, isEnabled: false, isListed: false })).toBe(
      "feedback.createdAwaitingBond",
    );
  });

  it("tells a saved, switched-off offer apart", () => {
    expect(createdMessageKey({ isActive: false, isEnabled: true, isListed: false })).toBe("feedback.createdInactive");
  });
});
