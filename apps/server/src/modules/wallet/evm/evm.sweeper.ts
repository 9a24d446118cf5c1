import { randomUUID } from "node:crypto";
import { hotWalletShortfall } from "./evm.adapter.ts";
import type { EvmCoin, EvmContext } from "./evm.context.ts";
import { ethSweepValue, feesFor, tokenSweepGasNeed } from "./evm.domain.ts";
import * as repo from "./evm.repo.ts";
import { ERC20 } from "./evm.rpc.ts";
import { submitTransaction } from "./evm.sender.ts";

/**
 * Sweeping (docs/decisions/090-evm-custody.md#sweeping-and-gas-top-up): credited deposits move from their
 * deposit address to the hot wallet. An ETH sweep pays its own gas out of what it moves. A token
 * sweep needs ETH for gas at the deposit address: the hot wallet tops it up first (a transaction
 * of its own), and the sweep is signed once the top-up is final. Every transaction's gas is a
 * chain fee from the treasury, booked by the tracker. One move per address is in flight at a
 * time (a unique index), so concurrent sweepers cannot double one.
 */

export interface SweepReport {
  sweeps: number;
  topUps: number;
  skipped: number;
}

const TOKEN_SWEEP_GAS_MARGIN_PERCENT = 130n;

export async function sweepDeposits(context: EvmContext): Promise<SweepReport> {
  const report: SweepReport = { sweeps: 0, topUps: 0, skipped: 0 };
  const coins = new Map(context.coins.map((coin) => [coin.currency.id, coin]));
  const candidates = await repo.listSweepCandidates(context.db, [...coins.keys()]);
  if (candidates.length === 0) return report;
  const head = await context.rpc.block("latest");
  const fees =
    head && feesFor(head.baseFeePerGas, context.settings.priorityFeePerGasWei, context.settings.maxFeePerGasWei);
  if (!fees) return { ...report, skipped: candidates.length };
  for (const candidate of candidates) {
    const coin = coins.get(candidate.currency_id);
    if (!coin) continue;
    const outcome =
      coin.token === null
        ? await sweepEth(context, coin, candidate, fees.maxFeePerGas)
        : await sweepToken(context, coin, candidate, fees);
    if (outcome === "sweep") report.sweeps += 1;
    else if (outcome === "top_up") report.topUps += 1;
    else report.skipped += 1;
  }
  return report;
}

type Outcome = "sweep" | "top_up" | "skipped";

function purposeKeyOf(candidate: repo.SweepCandidateRow): string {
  return `sweep:${candidate.currency_id}:${candidate.deposit_ids.join(",")}`;
}

async function sweepEth(
  context: EvmContext,
  coin: EvmCoin,
  candidate: repo.SweepCandidateRow,
  gasPrice: bigint,
): Promise<Outcome> {
  const balance = await context.rpc.balance(candidate.address, "latest");
  const value = ethSweepValue(BigInt(candidate.chain_amount), balance, gasPrice);
  if (value === null) return "skipped";
  // Fee cap equal to the tip: the gas costs exactly gas times price, and nothing is left behind.
  return sweepToHotWallet(context, coin, candidate, value, 21_000n, {
    maxFeePerGas: gasPrice,
    maxPriorityFeePerGas: gasPrice,
  });
}

async function sweepToken(
  context: EvmContext,
  coin: EvmCoin,
  candidate: repo.SweepCandidateRow,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Outcome> {
  const amount = BigInt(candidate.chain_amount);
  const data = ERC20.encodeFunctionData("transfer", [context.hotWallet, amount]);
  const estimate = await context.rpc
    .estimateGas({ from: candidate.address, to: coin.token ?? "", data, value: 0n })
    .catch(() => null);
  if (estimate === null) return "skipped";
  const gasLimit = (estimate * TOKEN_SWEEP_GAS_MARGIN_PERCENT) / 100n;
  const need = tokenSweepGasNeed(gasLimit, fees.maxFeePerGas);
  const gasHeld = await context.rpc.balance(candidate.address, "latest");
  if (gasHeld < need) {
    // Signed only when the hot wallet can pay: a top-up the node refuses would hold up every
    // later transaction of the hot wallet behind its nonce.
    const shortBy = await hotWalletShortfall(context, context.native, need - gasHeld, 21_000n * fees.maxFeePerGas);
    if (shortBy) {
      await repo.raiseAlert(
        context.db,
        "hot-wallet-short:gas",
        "hot_wallet_short",
        `The hot wallet cannot pay the gas to sweep ${coin.currency.code} (${shortBy}): fund it with ETH.`,
      );
      return "skipped";
    }
    await repo.resolveAlert(context.db, "hot-wallet-short:gas");
    const topUp = await submitTransaction(context, {
      purpose: "top_up",
      // A new key per top-up; the index of moves in flight keeps it to one per address at a time.
      purposeKey: `top_up:${candidate.address}:${randomUUID()}`,
      withdrawalId: null,
      coin: context.native,
      from: context.hotWallet,
      signer: () => context.keys.hotWallet(),
      to: candidate.address,
      valueUnits: need - gasHeld,
      gasLimit: 21_000n,
      fees,
    });
    return topUp ? "top_up" : "skipped";
  }
  return sweepToHotWallet(context, coin, candidate, amount, gasLimit, fees);
}

/** Signs the move of a deposit address's coins to the hot wallet, assigning the deposits to it. */
async function sweepToHotWallet(
  context: EvmContext,
  coin: EvmCoin,
  candidate: repo.SweepCandidateRow,
  valueUnits: bigint,
  gasLimit: bigint,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Outcome> {
  const row = await submitTransaction(context, {
    purpose: "sweep",
    purposeKey: purposeKeyOf(candidate),
    withdrawalId: null,
    coin,
    from: candidate.address,
    signer: () => context.keys.depositSignerAt(candidate.derivation_index),
    to: context.hotWallet,
    valueUnits,
    gasLimit,
    fees,
    onStored: (tx, id) => repo.assignSweep(tx, candidate.deposit_ids, id),
  });
  return row ? "sweep" : "skipped";
}
