import type { CustodyCoinReconciliation, CustodyReconciliation } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import { sql } from "kysely";
import { withTx } from "../../../db/pool.ts";
import { getCustodyTotals } from "../../ledger/index.ts";
import type { EvmCoin, EvmContext } from "./evm.context.ts";
import { balanceAt } from "./evm.follower.ts";
import * as repo from "./evm.repo.ts";
import type { EvmReceipt } from "./evm.rpc.ts";

/**
 * Reconciliation (docs/decisions/090-evm-custody.md#reconciliation): per coin, what the chain
 * holds (hot wallet plus every deposit address) at the follower's block against what the ledger
 * says Souk holds (every account but the world's), read from one database snapshot:
 *
 *   difference = onChain - (ledger x scale + residue + incoming - outgoing)
 *
 * where incoming is seen but not yet credited, and outgoing is mined (at or below that block)
 * but not yet settled in the ledger: value that left plus gas. Zero when the books agree.
 */

interface Snapshot {
  block: bigint;
  totals: Map<number, bigint>;
  residues: Map<number, bigint>;
  incoming: Map<number, bigint>;
  addresses: string[];
  pending: { row: repo.EvmTransactionRow; hashes: string[] }[];
}

async function readSnapshot(context: EvmContext): Promise<Snapshot | null> {
  return withTx(context.db, async (tx) => {
    await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(tx);
    const cursor = await repo.findCursor(tx, context.settings.chainId);
    if (!cursor) return null;
    const block = cursor.block_number;
    const totals = new Map((await getCustodyTotals(tx)).map((row) => [row.currencyId, row.totalMinor]));
    const residues = await sql<{ currency_id: number; units: string }>`
      SELECT currency_id, sum(units)::text AS units FROM wallet_chain_residues GROUP BY currency_id`.execute(tx);
    const incoming = await sql<{ currency_id: number; units: string }>`
      SELECT currency_id, sum(chain_amount)::text AS units FROM wallet_deposits
      WHERE source = 'chain' AND status = 'pending' AND block_number <= ${block}
      GROUP BY currency_id`.execute(tx);
    const addresses = await sql<{ address: string }>`
      SELECT DISTINCT address FROM wallet_addresses WHERE adapter = 'evm' ORDER BY address`.execute(tx);
    const pending = [];
    for (const row of await repo.listPendingTransactions(tx, context.settings.chainId)) {
      pending.push({ row, hashes: (await repo.attemptsOf(tx, row.id)).map((attempt) => attempt.hash) });
    }
    const byCurrency = (rows: { currency_id: number; units: string }[]) =>
      new Map(rows.map((row) => [row.currency_id, BigInt(row.units)]));
    return {
      block,
      totals,
      residues: byCurrency(residues.rows),
      incoming: byCurrency(incoming.rows),
      addresses: addresses.rows.map((row) => row.address),
      pending,
    };
  });
}

/** Mined, not yet settled: per currency, the chain units already gone that the ledger still counts. */
async function outgoingOf(context: EvmContext, snapshot: Snapshot): Promise<Map<number, bigint>> {
  const outgoing = new Map<number, bigint>();
  const add = (currencyId: number, units: bigint) => outgoing.set(currencyId, (outgoing.get(currencyId) ?? 0n) + units);
  for (const { row, hashes } of snapshot.pending) {
    let receipt: EvmReceipt | null = null;
    for (const hash of hashes) receipt ??= await context.rpc.receipt(hash);
    if (!receipt || receipt.blockNumber > snapshot.block) continue;
    add(context.native.currency.id, receipt.gasUsed * receipt.effectiveGasPrice);
    // A withdrawal's value leaves custody; a sweep's or top-up's stays between our own addresses.
    if (receipt.isSuccess && row.purpose === "withdrawal") add(row.currency_id, BigInt(row.value_units));
  }
  return outgoing;
}

async function onChainOf(context: EvmContext, coin: EvmCoin, addresses: string[], block: bigint): Promise<bigint> {
  let total = 0n;
  const all = [context.hotWallet, ...addresses];
  // A few calls at a time: enough to be quick, gentle on the node.
  for (let start = 0; start < all.length; start += 10) {
    const chunk = all.slice(start, start + 10);
    const balances = await Promise.all(chunk.map((address) => balanceAt(context, coin, address, block)));
    for (const balance of balances) total += balance;
  }
  return total;
}

/** Whole chain units without trailing zeros; "0" when zero. */
function formatUnits(units: bigint, decimals: number): string {
  if (units === 0n) return "0";
  const sign = units < 0n ? "-" : "";
  const text = formatAmount(units < 0n ? -units : units, decimals);
  return sign + (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);
}

export async function reconcileEvm(context: EvmContext): Promise<CustodyReconciliation | null> {
  const snapshot = await readSnapshot(context);
  if (!snapshot) return null;
  const outgoing = await outgoingOf(context, snapshot);
  const coins: CustodyCoinReconciliation[] = [];
  for (const coin of context.coins) {
    const id = coin.currency.id;
    const onChain = await onChainOf(context, coin, snapshot.addresses, snapshot.block);
    const ledger = (snapshot.totals.get(id) ?? 0n) * coin.scale;
    const residue = snapshot.residues.get(id) ?? 0n;
    const incoming = snapshot.incoming.get(id) ?? 0n;
    const leaving = outgoing.get(id) ?? 0n;
    const format = (units: bigint) => formatUnits(units, coin.chainDecimals);
    coins.push({
      cryptoCurrencyCode: coin.currency.code,
      network: "evm",
      blockNumber: Number(snapshot.block),
      onChain: format(onChain),
      ledger: format(ledger),
      residue: format(residue),
      incoming: format(incoming),
      outgoing: format(leaving),
      difference: format(onChain - (ledger + residue + incoming - leaving)),
    });
  }
  const report = {
    createdAt: new Date().toISOString(),
    isBalanced: coins.every((coin) => coin.difference === "0"),
    coins,
  };
  await sql`
    INSERT INTO custody_reconciliations (is_balanced, report) VALUES (${report.isBalanced}, ${JSON.stringify(report)})`.execute(
    context.db,
  );
  const alertKey = `reconcile:${context.settings.chainId}`;
  if (report.isBalanced) await repo.resolveAlert(context.db, alertKey);
  else {
    const off = coins
      .filter((coin) => coin.difference !== "0")
      .map((coin) => `${coin.cryptoCurrencyCode} ${coin.difference}`);
    await repo.raiseAlert(
      context.db,
      alertKey,
      "reconciliation_difference",
      `Chain and ledger differ: ${off.join(", ")}.`,
    );
  }
  return report;
}
