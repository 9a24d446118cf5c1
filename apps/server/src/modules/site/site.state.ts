import { SiteErrorCode } from "@souk/contracts";
import { afterCommit, type Db, type Tx } from "../../db/pool.ts";
import { conflict, type DomainError, type Features } from "../../platform/index.ts";
import { effectiveFeatures, type SiteState } from "./site.domain.ts";
import { loadSiteState } from "./site.repo.ts";

/**
 * The site switches as this process knows them (docs/decisions/126-site-switches.md). Requests read
 * a cached copy, never the database: a change made through this process forgets it at its commit,
 * and a change made elsewhere (another copy, the CLI) is seen within SITE_STATE_TTL_MS.
 */
export const SITE_STATE_TTL_MS = 5_000;

interface Cached {
  at: number;
  value: Promise<SiteState>;
}

const states = new WeakMap<Db, Cached>();
/** The feature objects (AppDeps.features) kept in step with each load, with the deployment's values. */
const featureBindings = new WeakMap<Db, Set<{ target: Features; deployment: Readonly<Features> }>>();

function applyFlags(db: Db, state: SiteState): void {
  for (const binding of featureBindings.get(db) ?? []) {
    Object.assign(binding.target, effectiveFeatures(binding.deployment, state.flagOverrides));
  }
}

/** The switches, from the cache when it is younger than the TTL; one load at a time per handle. */
export function getSiteState(db: Db): Promise<SiteState> {
  const hit = states.get(db);
  if (hit && Date.now() - hit.at < SITE_STATE_TTL_MS) return hit.value;
  const value: Promise<SiteState> = loadSiteState(db).then((state) => {
    // A load begun before a change committed may end after the fresh one: only the newest applies.
    if (states.get(db)?.value === value) applyFlags(db, state);
    return state;
  });
  states.set(db, { at: Date.now(), value });
  // A failed load is forgotten, so the next request tries again.
  value.catch(() => {
    if (states.get(db)?.value === value) states.delete(db);
  });
  return value;
}

/** After `tx` commits, this process forgets its copy; the change's use case then reads it afresh. */
export function forgetSiteStateAfterCommit(tx: Tx): void {
  afterCommit(tx, (root) => states.delete(root));
}

const deployments = new WeakMap<Features, Readonly<Features>>();

/** The deployment's own flags (defaults and SOUK_FEATURE_FLAGS) behind a bound features object. */
export function deploymentFeaturesOf(features: Features): Readonly<Features> {
  return deployments.get(features) ?? features;
}

/**
 * Keeps `features` (the deployment's flags, AppDeps.features) equal to the deployment's values with
 * the stored flags over them: at once (once the switches are read) and at every load from then
 * on. Returns the function that stops it and puts the deployment's values back.
 */
export async function bindFeatures(db: Db, features: Features): Promise<() => void> {
  const binding = { target: features, deployment: Object.freeze({ ...features }) };
  let bindings = featureBindings.get(db);
  if (!bindings) {
    bindings = new Set();
    featureBindings.set(db, bindings);
  }
  bindings.add(binding);
  deployments.set(features, binding.deployment);
  // The copy may be cached already (another app on this handle): apply it to this binding too.
  const state = await getSiteState(db);
  Object.assign(features, effectiveFeatures(binding.deployment, state.flagOverrides));
  return () => {
    bindings.delete(binding);
    Object.assign(features, binding.deployment);
  };
}

/** The refusal of a new trade or a new or switched-on offer while the site is in maintenance, else null. */
export async function maintenanceRefusal(db: Db): Promise<DomainError | null> {
  const { maintenance } = await getSiteState(db);
  if (!maintenance.isOn) return null;
  return conflict(maintenance.message || "The site is in maintenance; try again later.", SiteErrorCode.MAINTENANCE, {
    message: maintenance.message,
  });
}

/** Throws the maintenance refusal (the operator's message in it) while the site is in maintenance. */
export async function refuseDuringMaintenance(db: Db): Promise<void> {
  const refusal = await maintenanceRefusal(db);
  if (refusal) throw refusal;
}
