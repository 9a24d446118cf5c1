import { z } from "zod";

/**
 * The wallet's own settings, read from the environment here rather than in config.ts so the
 * module stays self-contained:
 *
 * - SOUK_CONFIRMATIONS_<CODE> (for example SOUK_CONFIRMATIONS_BTC=1): confirmations before a
 *   deposit of that currency is credited, overriding the reference data's confirmationsRequired.
 * - SOUK_CHAIN_ADAPTER: which chain adapter handles addresses and withdrawals; "dev" (the
 *   built-in development chain) is the only one so far.
 */

const confirmationsSchema = z.coerce.number().int().min(0).max(1_000_000);
const adapterSchema = z.enum(["dev"]).default("dev");
const CONFIRMATIONS_PREFIX = "SOUK_CONFIRMATIONS_";

export interface WalletSettings {
  chainAdapter: "dev";
  confirmationsOverride: Record<string, number>;
}

export function loadWalletSettings(env: NodeJS.ProcessEnv = process.env): WalletSettings {
  const confirmationsOverride: Record<string, number> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(CONFIRMATIONS_PREFIX) || value === undefined || value === "") continue;
    const parsed = confirmationsSchema.safeParse(value);
    if (!parsed.success) throw new Error(`invalid configuration: ${name} must be a whole number of confirmations`);
    confirmationsOverride[name.slice(CONFIRMATIONS_PREFIX.length).toUpperCase()] = parsed.data;
  }
  const adapter = adapterSchema.safeParse(env.SOUK_CHAIN_ADAPTER || undefined);
  if (!adapter.success) throw new Error("invalid configuration: SOUK_CHAIN_ADAPTER must be dev");
  return { chainAdapter: adapter.data, confirmationsOverride };
}

export function confirmationsRequiredFor(
  currency: { code: string; confirmationsRequired: number },
  settings: WalletSettings = loadWalletSettings(),
): number {
  return settings.confirmationsOverride[currency.code] ?? currency.confirmationsRequired;
}
