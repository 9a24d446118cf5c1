import { z } from "zod";

/**
 * Custody on real chains, as the operator sees it: each coin's reconciliation of what the chain
 * holds against what the ledger owes, and the alerts that need a person.
 */

export const custodyCoinReconciliationSchema = z.object({
  cryptoCurrencyCode: z.string(),
  /** The chain's adapter ("evm"); coins on the dev chain are not reconciled. */
  network: z.string(),
  /** The block the chain was read at. */
  blockNumber: z.number().int(),
  /** Hot wallet plus deposit addresses, in the coin's decimals as the chain counts them. */
  onChain: z.string(),
  /** Every ledger account of the coin but the world's: users, platform fees and treasury. */
  ledger: z.string(),
  /** Below the ledger's precision (sub-gwei wei), kept on the chain and recorded apart. */
  residue: z.string(),
  /** Seen on the chain, not yet credited (short of confirmations). */
  incoming: z.string(),
  /** Mined but not yet settled in the ledger (value leaving plus gas). */
  outgoing: z.string(),
  /** onChain - (ledger + residue + incoming - outgoing): zero when the books agree. */
  difference: z.string(),
});
export type CustodyCoinReconciliation = z.infer<typeof custodyCoinReconciliationSchema>;

export const custodyReconciliationSchema = z.object({
  createdAt: z.string(),
  isBalanced: z.boolean(),
  coins: z.array(custodyCoinReconciliationSchema),
});
export type CustodyReconciliation = z.infer<typeof custodyReconciliationSchema>;

export const custodyAlertSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type CustodyAlert = z.infer<typeof custodyAlertSchema>;

/** GET /rest/v1/admin/custody: the last reconciliation and the open alerts. */
export const custodyOverviewSchema = z.object({
  reconciliation: custodyReconciliationSchema.nullable(),
  alerts: z.array(custodyAlertSchema),
});
export type CustodyOverview = z.infer<typeof custodyOverviewSchema>;
