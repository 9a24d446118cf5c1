import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES } from "../../platform/index.ts";
import {
  alertsFor,
  decideAlert,
  decideFlag,
  decideMaintenance,
  effectiveFeatures,
  type LiveAlert,
  parseFlagAssignment,
  parseMaintenanceArgs,
} from "./site.domain.ts";

const now = new Date("2026-11-28T12:00:00Z");

describe("decideMaintenance", () => {
  it("switches on, changes the message while on, switches off; the same state twice is refused", () => {
    const off = { isOn: false, message: "" };
    expect(decideMaintenance(off, { isOn: true, message: " Back at 14:00 " })).toEqual({
      kind: "change",
      next: { isOn: true, message: "Back at 14:00" },
      action: "site.maintenance_on",
    });
    const on = { isOn: true, message: "Back at 14:00" };
    expect(decideMaintenance(on, { isOn: true, message: "Back at 15:00" })).toMatchObject({
      action: "site.maintenance_message",
    });
    expect(decideMaintenance(on, { isOn: false, message: "ignored" })).toEqual({
      kind: "change",
      next: off,
      action: "site.maintenance_off",
    });
    expect(decideMaintenance(on, on)).toEqual({ kind: "refused", refusal: "unchanged" });
    expect(decideMaintenance(off, { isOn: false, message: "x" })).toEqual({ kind: "refused", refusal: "unchanged" });
  });
});

describe("flags", () => {
  it("refuses setting what is stored already, null included", () => {
    expect(decideFlag(undefined, null)).toBe("unchanged");
    expect(decideFlag(true, true)).toBe("unchanged");
    expect(decideFlag(undefined, false)).toBeNull();
    expect(decideFlag(false, null)).toBeNull();
  });

  it("puts the stored flags over the deployment's", () => {
    const flags = effectiveFeatures(DEFAULT_FEATURES, { bazaar: true, offerBid: false });
    expect(flags).toEqual({ ...DEFAULT_FEATURES, bazaar: true, offerBid: false });
  });

  it("parses name=true|false|default and nothing else", () => {
    expect(parseFlagAssignment("bazaar=true")).toEqual({ name: "bazaar", isOn: true });
    expect(parseFlagAssignment("bazaar=false")).toEqual({ name: "bazaar", isOn: false });
    expect(parseFlagAssignment("bazaar=default")).toEqual({ name: "bazaar", isOn: null });
    for (const bad of ["bazaar", "bazaar=yes", "bazaar=toString", "nothing=true", "a=b=c", undefined]) {
      expect(parseFlagAssignment(bad)).toHaveProperty("problem");
    }
  });
});

describe("alerts", () => {
  const alert = (id: number, audience: LiveAlert["audience"], expiresAt: Date | null = null): LiveAlert => ({
    id,
    message: `alert ${id}`,
    audience,
    expiresAt,
  });
  const alerts = [alert(1, "everyone"), alert(2, "logged_in"), alert(3, "staff"), alert(4, "everyone", now)];

  it("shows each viewer the alerts of its audience that have not expired", () => {
    expect(alertsFor(alerts, "visitor", now).map((a) => a.id)).toEqual([1]);
    expect(alertsFor(alerts, "user", now).map((a) => a.id)).toEqual([1, 2]);
    expect(alertsFor(alerts, "staff", now).map((a) => a.id)).toEqual([1, 2, 3]);
    expect(alertsFor(alerts, "visitor", new Date(now.getTime() - 1)).map((a) => a.id)).toEqual([1, 4]);
  });

  it("refuses an expiry that has passed", () => {
    expect(decideAlert(now, now)).toBe("expires_in_past");
    expect(decideAlert(new Date(now.getTime() + 1), now)).toBeNull();
    expect(decideAlert(null, now)).toBeNull();
  });
});

describe("parseMaintenanceArgs", () => {
  it("takes on|off and an optional --message", () => {
    expect(parseMaintenanceArgs(["on", "--message", "Back soon"])).toEqual({ isOn: true, message: "Back soon" });
    expect(parseMaintenanceArgs(["off"])).toEqual({ isOn: false, message: "" });
    for (const bad of [[], ["maybe"], ["on", "--msg", "x"], ["on", "--message"], ["on", "--message", "a", "b"]]) {
      expect(parseMaintenanceArgs(bad)).toHaveProperty("problem");
    }
  });
});
