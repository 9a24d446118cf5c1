import { describe, expect, it } from "vitest";
import {
  decideBlockedAction,
  decideLift,
  decideRestrict,
  decideRoleChange,
  rankOf,
  type TargetFacts,
} from "./user-admin.domain.ts";

const now = new Date("2026-01-01T00:00:00Z");
const supermod = { userId: 1, roles: ["user", "supermod"] };
const admin = { userId: 2, roles: ["user", "admin"] };
const cli = { userId: null, roles: [] };
const target = (overrides: Partial<TargetFacts> = {}): TargetFacts => ({
  id: 10,
  roles: ["user"],
  isClosed: false,
  activeKinds: [],
  flaggedKinds: [],
  blockedKycActions: [],
  ...overrides,
});

describe("rankOf", () => {
  it("ranks a user 0 and staff by their highest role", () => {
    expect(rankOf(["user", "vendor"])).toBe(0);
    expect(rankOf(["user", "moderator", "supermod"])).toBe(2);
    expect(rankOf(["admin"])).toBe(3);
  });
});

describe("decideRestrict", () => {
  it("lets staff restrict a plain user", () => {
    expect(decideRestrict(supermod, target(), "frozen", null, now)).toBeNull();
    expect(decideRestrict(supermod, target(), "frozen", new Date("2026-02-01T00:00:00Z"), now)).toBeNull();
  });
  it("refuses oneself, an equal or higher role and a closed account", () => {
    expect(decideRestrict(supermod, target({ id: 1, roles: ["supermod"] }), "frozen", null, now)).toBe("self");
    expect(decideRestrict(supermod, target({ roles: ["supermod"] }), "frozen", null, now)).toBe("higher_role");
    expect(decideRestrict(supermod, target({ roles: ["admin"] }), "banned", null, now)).toBe("higher_role");
    expect(decideRestrict(admin, target({ roles: ["supermod"] }), "banned", null, now)).toBeNull();
    expect(decideRestrict(admin, target({ isClosed: true }), "banned", null, now)).toBe("closed");
  });
  it("refuses an expiry that has passed and a kind already in place", () => {
    expect(decideRestrict(admin, target(), "frozen", now, now)).toBe("until_in_past");
    expect(decideRestrict(admin, target({ activeKinds: ["frozen"] }), "frozen", null, now)).toBe("already_restricted");
    expect(decideRestrict(admin, target({ activeKinds: ["frozen"] }), "banned", null, now)).toBeNull();
  });
  it("lets the CLI act on any account but a closed one", () => {
    expect(decideRestrict(cli, target({ roles: ["admin"] }), "banned", null, now)).toBeNull();
    expect(decideRestrict(cli, target({ isClosed: true }), "banned", null, now)).toBe("closed");
  });
});

describe("decideLift", () => {
  it("lifts an active restriction, or a flag set without one, and refuses what is not there", () => {
    expect(decideLift(admin, target({ activeKinds: ["frozen"] }), "frozen")).toBeNull();
    expect(decideLift(admin, target({ flaggedKinds: ["frozen"] }), "frozen")).toBeNull();
    expect(decideLift(admin, target(), "frozen")).toBe("not_restricted");
    expect(decideLift(supermod, target({ roles: ["admin"], activeKinds: ["frozen"] }), "frozen")).toBe("higher_role");
  });
});

describe("decideRoleChange", () => {
  it("grants and revokes a role below one's own, once", () => {
    expect(decideRoleChange(admin, target(), "moderator", "grant")).toBeNull();
    expect(decideRoleChange(admin, target({ roles: ["user", "moderator"] }), "moderator", "grant")).toBe(
      "role_unchanged",
    );
    expect(decideRoleChange(admin, target({ roles: ["user", "moderator"] }), "moderator", "revoke")).toBeNull();
    expect(decideRoleChange(admin, target(), "supermod", "revoke")).toBe("role_unchanged");
  });
  it("never grants above one's own rank nor touches an equal", () => {
    expect(decideRoleChange(supermod, target(), "admin", "grant")).toBe("higher_role");
    expect(decideRoleChange(admin, target({ roles: ["admin"] }), "admin", "revoke")).toBe("higher_role");
    expect(decideRoleChange(admin, target({ id: 2, roles: ["admin"] }), "moderator", "grant")).toBe("self");
  });
});

describe("decideBlockedAction", () => {
  it("blocks an action once and lifts only a block in place", () => {
    expect(decideBlockedAction(supermod, target(), "start-trade-buy", "block")).toBeNull();
    const blocked = target({ blockedKycActions: ["start-trade-buy"] });
    expect(decideBlockedAction(supermod, blocked, "start-trade-buy", "block")).toBe("already_restricted");
    expect(decideBlockedAction(supermod, blocked, "start-trade-buy", "unblock")).toBeNull();
    expect(decideBlockedAction(supermod, target(), "use-wallet", "unblock")).toBe("not_restricted");
  });

  it("shares the refusals on oneself, an equal role and a closed account", () => {
    expect(decideBlockedAction(supermod, target({ id: 1 }), "use-wallet", "block")).toBe("self");
    expect(decideBlockedAction(supermod, target({ roles: ["supermod"] }), "use-wallet", "block")).toBe("higher_role");
    expect(decideBlockedAction(admin, target({ isClosed: true }), "use-wallet", "block")).toBe("closed");
    expect(decideBlockedAction(cli, target({ roles: ["admin"] }), "use-wallet", "block")).toBeNull();
  });
});
