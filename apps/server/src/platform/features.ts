import { FEATURE_FLAGS, type FeatureFlag } from "@souk/contracts";

/**
 * Feature flags of the spec. Defaults switch on what Souk builds; SOUK_FEATURE_FLAGS
 * ("bazaar=false,lightning=true") overrides them per deployment.
 */
const DEFAULTS: Record<FeatureFlag, boolean> = {
  offerCap: true,
  offRamp: false,
  onRamp: false,
  manualEscrowFee: true,
  offerBid: true,
  feeDiscount: true,
  disputeAppeal: true,
  corporateAccount: false,
  lightning: false,
  virtualCard: false,
  partnerProgram: false,
  multiTierPartnerProgram: false,
  bazaar: false,
};

export function parseFeatureFlags(raw: string | undefined): Record<FeatureFlag, boolean> {
  const flags = { ...DEFAULTS };
  for (const part of (raw ?? "").split(",")) {
    const [name, value] = part.split("=").map((s) => s.trim());
    if (name && (FEATURE_FLAGS as readonly string[]).includes(name)) flags[name as FeatureFlag] = value !== "false";
  }
  return flags;
}
