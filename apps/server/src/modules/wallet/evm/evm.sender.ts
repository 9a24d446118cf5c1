import { type HDNodeWallet, Transaction } from "ethers";
import { type Tx, withTx } from "../../../db/pool.ts";
import { accounts, transfer, withLedgerTx } from "../../ledger/index.ts";
import { settleWithdrawalOutcome } from "../withdrawal-settlement.ts";
import { type EvmCoin, type EvmContext, finalityDepth } from "./evm.context.ts";
import { type Fees, feesFor, paidInLedger, replacementFees } from "./evm.domain.ts";
import * as repo from "./evm.repo.ts";
import { ERC20, type EvmReceipt } from "./evm.rpc.ts";

/**
 * The outbox of signed transactions (docs/decisions/090-evm-custody.md#sending-nonces-and-replacement). A transaction is
 * signed and stored in the same database transaction that takes its nonce from the sending
 * address's persisted sequence, and only then broadcast; after a crash the stored bytes are
 * broadcast again, never re-signed. The tracker finalizes a transaction once its receipt is as
 * deep as the chain's confirmation depth (counted from the follower's checked blocks), books the
 * gas it cost as a chain fee from the treasury, and settles what it was for; one not mined after
 * the replacement delay gets a new attempt with the same nonce and higher fees, within the cap.
 */

export interface SubmitRequest {
  purpose: repo.EvmPurpose;
  purposeKey: string;
  withdrawalId: bigint | null;
  coin: EvmCoin;
  from: string;
  signer: () => HDNodeWallet;
  to: string;
  valueUnits: bigint;
  gasLimit: bigint;
  fees: Fees;
  /** Written in the same database transaction as the signed transaction. */
  onStored?: (tx: Tx, transactionId: bigint) => Promise<void>;
}

class MoveInFlight extends Error {}

/** The call the chain runs: a plain ETH transfer, or the token's transfer(to, value). */
function callOf(coin: EvmCoin, to: string, valueUnits: bigint): { to: string; value: bigint; data: string } {
  if (coin.token === null) return { to, value: valueUnits, data: "0x" };
  return { to: coin.token, value: 0n, data: ERC20.encodeFunctionData("transfer", [to, valueUnits]) };
}

async function sign(
  context: EvmContext,
  request: Pick<SubmitRequest, "coin" | "signer" | "to" | "gasLimit">,
  nonce: bigint,
  valueUnits: bigint,
  fees: Fees,
): Promise<{ raw: string; hash: string }> {
  const raw = await request.signer().signTransaction({
    type: 2,
    chainId: context.settings.chainId,
    nonce: Number(nonce),
    gasLimit: request.gasLimit,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    ...callOf(request.coin, request.to, valueUnits),
  });
  return { raw, hash: Transaction.from(raw).hash ?? "" };
}

/**
 * Signs, stores and broadcasts a transaction once per purpose key. Returns the stored row (the
 * first one when the key was used before), or null when another move of the same address is
 * still in flight.
 */
export async function submitTransaction(
  context: EvmContext,
  request: SubmitRequest,
): Promise<repo.EvmTransactionRow | null> {
  const existing = await repo.findTransactionByPurpose(context.db, request.purposeKey);
  if (existing) return existing;
  const chainCount = await context.rpc.nonce(request.from, "pending");
  let raw = "";
  try {
    await withTx(context.db, async (tx) => {
      if (await repo.findTransactionByPurpose(tx, request.purposeKey)) return;
      const nonce = await repo.takeNonce(tx, context.settings.chainId, request.from, chainCount);
      const signed = await sign(context, request, nonce, request.valueUnits, request.fees);
      const id = await repo.insertTransaction(tx, {
        chain_id: BigInt(context.settings.chainId),
        purpose: request.purpose,
        purpose_key: request.purposeKey,
        withdrawal_id: request.withdrawalId,
        currency_id: request.coin.currency.id,
        value_units: request.valueUnits.toString(),
        from_address: request.from,
        to_address: request.to,
        nonce,
        gas_limit: request.gasLimit,
      });
      // Rolling back gives the nonce back: nothing was signed under it that anyone will see.
      if (id === null) throw new MoveInFlight();
      await repo.insertAttempt(tx, {
        transaction_id: id,
        attempt: 1,
        hash: signed.hash,
        raw: signed.raw,
        max_fee_per_gas: request.fees.maxFeePerGas.toString(),
        max_priority_fee_per_gas: request.fees.maxPriorityFeePerGas.toString(),
        value_units: request.valueUnits.toString(),
      });
      await request.onStored?.(tx, id);
      raw = signed.raw;
    });
  } catch (error) {
    if (error instanceof MoveInFlight) return null;
    throw error;
  }
  // Committed first: a failed broadcast is repeated by the tracker from the stored bytes.
  if (raw) await context.rpc.sendRaw(raw).catch(() => {});
  return (await repo.findTransactionByPurpose(context.db, request.purposeKey)) ?? null;
}

export interface TrackReport {
  confirmed: number;
  failed: number;
  replaced: number;
  waiting: number;
}

/** One pass over every transaction not final yet. */
export async function trackTransactions(context: EvmContext, now: Date = new Date()): Promise<TrackReport> {
  const report: TrackReport = { confirmed: 0, failed: 0, replaced: 0, waiting: 0 };
  const cursor = await repo.findCursor(context.db, context.settings.chainId);
  if (!cursor) return report;
  const finalBlock = cursor.block_number - BigInt(finalityDepth(context)) + 1n;
  for (const row of await repo.listPendingTransactions(context.db, context.settings.chainId)) {
    const attempts = await repo.attemptsOf(context.db, row.id);
    const mined = await findReceipt(context, attempts);
    if (mined) {
      if (mined.receipt.blockNumber > finalBlock) {
        report.waiting += 1;
        continue;
      }
      const state = await finalize(context, row, mined.receipt, mined.attempt);
      if (state === "confirmed") report.confirmed += 1;
      if (state === "failed") report.failed += 1;
      continue;
    }
    const latest = attempts.at(-1);
    if (!latest) continue;
    await alertIfLongStuck(context, row, now);
    const ageSeconds = (now.getTime() - latest.created_at.getTime()) / 1000;
    if (ageSeconds >= context.settings.replaceAfterSeconds && (await replace(context, row, latest))) {
      report.replaced += 1;
      continue;
    }
    // Not mined: broadcast the stored bytes again (a node restarted, or a crash came before the first send).
    await context.rpc.sendRaw(latest.raw).catch(() => {});
    report.waiting += 1;
  }
  return report;
}

/**
 * A transaction not mined long after it was signed holds up every later one of its address (they
 * share the nonce sequence): an operator should look, whatever the replacements do.
 */
async function alertIfLongStuck(context: EvmContext, row: repo.EvmTransactionRow, now: Date): Promise<void> {
  const waitedSeconds = (now.getTime() - row.created_at.getTime()) / 1000;
  if (waitedSeconds < Math.max(600, context.settings.replaceAfterSeconds * 3)) return;
  await repo.raiseAlert(
    context.db,
    `stuck:evm-tx:${row.id}`,
    "transaction_stuck",
    `Transaction ${row.id} (${row.purpose_key}, nonce ${row.nonce} of ${row.from_address}) is not mined after ${Math.round(waitedSeconds / 60)} minutes.`,
  );
}

async function findReceipt(
  context: EvmContext,
  attempts: repo.AttemptRow[],
): Promise<{ receipt: EvmReceipt; attempt: repo.AttemptRow } | null> {
  for (const attempt of [...attempts].reverse()) {
    const receipt = await context.rpc.receipt(attempt.hash);
    if (receipt) return { receipt, attempt };
  }
  return null;
}

/**
 * Records the outcome once: the gas as a chain fee (treasury -> world, in ETH, rounded up with
 * the residue kept), then the purpose's own settlement, all in one database transaction.
 */
async function finalize(
  context: EvmContext,
  row: repo.EvmTransactionRow,
  receipt: EvmReceipt,
  attempt: repo.AttemptRow,
): Promise<"confirmed" | "failed" | null> {
  const native = context.native;
  return withLedgerTx(context.db, async (tx) => {
    const locked = await repo.lockPendingTransaction(tx, row.id);
    if (!locked) return null;
    const state = receipt.isSuccess ? "confirmed" : "failed";
    const feeWei = receipt.gasUsed * receipt.effectiveGasPrice;
    await repo.finalizeTransaction(tx, row.id, {
      state,
      minedHash: receipt.transactionHash,
      minedBlock: receipt.blockNumber,
      feeWei,
      valueUnits: BigInt(attempt.value_units),
    });
    const fee = paidInLedger(feeWei, native.scale);
    if (fee.minor > 0n) {
      await transfer(tx, {
        idempotencyKey: `chain-fee:evm-tx:${row.id}`,
        kind: "chain_fee",
        currencyId: native.currency.id,
        reference: { type: `evm_${row.purpose}`, id: String(row.id) },
        legs: [{ from: accounts.treasury(), to: accounts.world(), amountMinor: fee.minor, code: "network_fee" }],
      });
    }
    await repo.recordResidue(tx, `chain-fee:evm-tx:${row.id}`, native.currency.id, fee.residue);
    await repo.resolveAlert(tx, `stuck:evm-tx:${row.id}`);
    await repo.resolveAlert(tx, `fee-cap:evm-tx:${row.id}`);
    if (row.purpose === "withdrawal" && row.withdrawal_id !== null) {
      await settleWithdrawalOutcome(
        tx,
        row.withdrawal_id,
        receipt.isSuccess
          ? { status: "sent", txid: receipt.transactionHash }
          : { status: "rejected", reason: "the transaction reverted on the chain" },
        "treasury",
      );
    }
    // A sweep that reverted moved nothing: its deposits are swept again.
    if (row.purpose === "sweep" && !receipt.isSuccess) await repo.releaseSweep(tx, row.id);
    return state;
  });
}

/** A new attempt with the same nonce and higher fees; false when the cap leaves no room (alerted). */
async function replace(context: EvmContext, row: repo.EvmTransactionRow, latest: repo.AttemptRow): Promise<boolean> {
  const head = await context.rpc.block("latest");
  const current = head
    ? feesFor(head.baseFeePerGas, context.settings.priorityFeePerGasWei, context.settings.maxFeePerGasWei)
    : null;
  const previous = {
    maxFeePerGas: BigInt(latest.max_fee_per_gas),
    maxPriorityFeePerGas: BigInt(latest.max_priority_fee_per_gas),
  };
  const isExactFee = previous.maxFeePerGas === previous.maxPriorityFeePerGas;
  let next = replacementFees(previous, current, context.settings.maxFeePerGasWei);
  // An ETH sweep pays exactly gas times price out of what it moves: it keeps doing so.
  if (next && isExactFee) next = { maxFeePerGas: next.maxFeePerGas, maxPriorityFeePerGas: next.maxFeePerGas };
  let value = BigInt(latest.value_units);
  if (next && isExactFee && row.purpose === "sweep") {
    value -= BigInt(row.gas_limit) * (next.maxFeePerGas - previous.maxFeePerGas);
    if (value <= 0n) next = null;
  }
  if (!next) {
    await repo.raiseAlert(
      context.db,
      `fee-cap:evm-tx:${row.id}`,
      "fee_cap_reached",
      `Transaction ${row.id} (${row.purpose_key}) is not mined and its fees cannot rise under SOUK_EVM_MAX_FEE_GWEI.`,
    );
    return false;
  }
  const fees = next;
  const coin = context.coins.find((item) => item.currency.id === row.currency_id);
  if (!coin) return false;
  const signer = await signerOf(context, row.from_address);
  if (!signer) return false;
  let raw = "";
  await withTx(context.db, async (tx) => {
    const locked = await repo.lockPendingTransaction(tx, row.id);
    const attempts = await repo.attemptsOf(tx, row.id);
    if (!locked || attempts.at(-1)?.attempt !== latest.attempt) return;
    const signed = await sign(
      context,
      { coin, signer, to: row.to_address, gasLimit: BigInt(row.gas_limit) },
      BigInt(row.nonce),
      value,
      fees,
    );
    await repo.insertAttempt(tx, {
      transaction_id: row.id,
      attempt: latest.attempt + 1,
      hash: signed.hash,
      raw: signed.raw,
      max_fee_per_gas: fees.maxFeePerGas.toString(),
      max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
      value_units: value.toString(),
    });
    raw = signed.raw;
  });
  if (!raw) return false;
  await context.rpc.sendRaw(raw).catch(() => {});
  return true;
}

/** The key of an address Souk sends from: the hot wallet, or a deposit address by its index. */
async function signerOf(context: EvmContext, address: string): Promise<(() => HDNodeWallet) | null> {
  if (address === context.hotWallet) return () => context.keys.hotWallet();
  const [owned] = await repo.findEvmAddresses(context.db, [address]);
  return owned ? () => context.keys.depositSignerAt(owned.derivation_index) : null;
}
