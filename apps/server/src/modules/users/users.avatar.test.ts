import { describe, expect, it } from "vitest";
import { avatarShapeRefusal } from "./users.avatar.ts";

describe("avatarShapeRefusal", () => {
  it("takes a square or a mild rectangle of at least 64 px on the shorter side", () => {
    expect(avatarShapeRefusal(64, 64)).toBeNull();
    expect(avatarShapeRefusal(1024, 256)).toBeNull();
    expect(avatarShapeRefusal(300, 1200)).toBeNull();
  });
  it("refuses a shorter side under 64 px, then a longer side over four times the shorter", () => {
    expect(avatarShapeRefusal(63, 200)).toBe("avatar_too_small");
    expect(avatarShapeRefusal(500, 10)).toBe("avatar_too_small");
    expect(avatarShapeRefusal(1025, 256)).toBe("avatar_proportions");
    expect(avatarShapeRefusal(100, 401)).toBe("avatar_proportions");
  });
});
