import { type AlertAudience, FEATURE_FLAGS, type FeatureFlag } from "@souk/contracts";
import type { Features } from "../../platform/index.ts";

/**
 * The site switches' decisions, pure (docs/decisions/126-site-switches.md): what a change does
 * or why it is refused, which alerts a viewer sees, and the flags in force.
 */

export interface MaintenanceState {
  isOn: boolean;
  message: string;
}

/** An alert as the cache holds it: live ones only (not removed), expiry checked at each read. */
export interface LiveAlert {
  id: number;
  message: string;
  audience: AlertAudience;
  expiresAt: Date | null;
}

/** What every request reads from the cache: maintenance, the staff's flags, the live alerts. */
export interface SiteState {
  maintenance: MaintenanceState;
  flagOverrides: Partial<Features>;
  alerts: LiveAlert[];
}

export type SiteRefusal = "unchanged" | "expires_in_past" | "alert_not_found";

/** Switching maintenance on or off, or changing its message while on; the same state twice is refused. */
export function decideMaintenance(
  current: MaintenanceState,
  wanted: MaintenanceState,
): { kind: "refused"; refusal: SiteRefusal } | { kind: "change"; next: MaintenanceState; action: string } {
  const next = { isOn: wanted.isOn, message: wanted.isOn ? wanted.message.trim() : "" };
  if (current.isOn === next.isOn && current.message === next.message) return { kind: "refused", refusal: "unchanged" };
  const action = !next.isOn
    ? "site.maintenance_off"
    : current.isOn
      ? "site.maintenance_message"
      : "site.maintenance_on";
  return { kind: "change", next, action };
}

/** Setting a flag over the deployment (true, false) or back to it (null); no change is refused. */
export function decideFlag(current: boolean | undefined, wanted: boolean | null): SiteRefusal | null {
  return (current ?? null) === wanted ? "unchanged" : null;
}

/** An alert must end in the future when it has an end. */
export function decideAlert(expiresAt: Date | null, now: Date): SiteRefusal | null {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime() ? "expires_in_past" : null;
}

/** The flags in force: the deployment's, with what staff stored over them. */
export function effectiveFeatures(deployment: Readonly<Features>, overrides: Partial<Features>): Features {
  const flags = { ...deployment };
  for (const name of FEATURE_FLAGS) {
    const value = overrides[name];
    if (typeof value === "boolean") flags[name] = value;
  }
  return flags;
}

/** Who is looking: nobody signed in, a user, or staff. */
export type AlertViewer = "visitor" | "user" | "staff";

const AUDIENCE_REACH: Record<AlertAudience, readonly AlertViewer[]> = {
  everyone: ["visitor", "user", "staff"],
  logged_in: ["user", "staff"],
  staff: ["staff"],
};

/** The alerts this viewer sees now, oldest first: not expired, and meant for them. */
export function alertsFor(alerts: readonly LiveAlert[], viewer: AlertViewer, now: Date): LiveAlert[] {
  return alerts.filter(
    (alert) =>
      (alert.expiresAt === null || alert.expiresAt.getTime() > now.getTime()) &&
      AUDIENCE_REACH[alert.audience].includes(viewer),
  );
}

/** Pure: `<name>=<true|false|default>` of `flags:set` into the flag and its value, or what is wrong. */
export function parseFlagAssignment(
  text: string | undefined,
): { name: FeatureFlag; isOn: boolean | null } | { problem: string } {
  const [name, value, ...rest] = (text ?? "").split("=").map((part) => part.trim());
  if (!name || value === undefined || rest.length > 0) return { problem: "give <name>=<true|false|default>" };
  if (!(FEATURE_FLAGS as readonly string[]).includes(name)) {
    return { problem: `the flag is one of ${FEATURE_FLAGS.join(", ")}` };
  }
  const values: Record<string, boolean | null> = { true: true, false: false, default: null };
  if (!Object.hasOwn(values, value)) return { problem: "the value is true, false or default" };
  return { name: name as FeatureFlag, isOn: values[value] ?? null };
}

/** Pure: `on|off [--message "..."]` of the `maintenance` command. */
export function parseMaintenanceArgs(args: readonly string[]): MaintenanceState | { problem: string } {
  const [state, option, text, ...rest] = args;
  if (state !== "on" && state !== "off") return { problem: 'give on or off: maintenance on|off [--message "..."]' };
  if (option !== undefined && (option !== "--message" || text === undefined || rest.length > 0)) {
    return { problem: 'the only option is --message "..."' };
  }
  if ((text ?? "").length > 500) return { problem: "the message is at most 500 characters" };
  return { isOn: state === "on", message: (text ?? "").trim() };
}
