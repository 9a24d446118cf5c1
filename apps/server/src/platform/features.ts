import { FEATURE_FLAGS, type FeatureFlag } from "@souk/contracts";

/**
 * Feature flags of the spec. Defaults switch on what Souk builds; SOUK_FEATURE_FLAGS
 * ("bazaar=false,lightning=true") overrides them per deployment.
 */
export type Features = Record<FeatureFlag, boolean>;

/** What Souk switches on when SOUK_FEATURE_FLAGS says nothing (the demo seed plays with these). */
export const DEFAULT_FEATURES: Readonly<Features> = {
  offerCap: true,
  offRamp: false,
  onRamp: false,
  manualEscrowFee: true,
  offerBid: true,
  feeDiscount: true,
  disputeAppeal: true,
  corporateAccount: true,
  lightning: false,
  virtualCard: false,
  partnerProgram: false,
  multiTierPartnerProgram: false,
  bazaar: false,
};

/** Parsed once, at start-up, into AppDeps.features; modules read deps.features. */
export function parseFeatureFlags(raw: string | undefined): Features {
  const flags = { ...DEFAULT_FEATURES };
  for (const part of (raw ?? "").split(",")) {
    const [name, value] = part.split("=").map((s) => s.trim());
    if (name && (FEATURE_FLAGS as readonly string[]).includes(name)) flags[name as FeatureFlag] = value !== "false";
  }
  return flags;
}
