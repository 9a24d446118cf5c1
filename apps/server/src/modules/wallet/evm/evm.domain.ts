/**
 * Pure rules of EVM custody: units between the chain and the ledger, fees and their
 * replacement, what a rewound chain does to deposits, and when an address is worth sweeping.
 * No I/O here.
 */

// ---- units ---------------------------------------------------------------------------------

/** 10^(chain decimals - ledger decimals): the ledger never counts finer than the chain. */
export function unitScale(chainDecimals: number, ledgerDecimals: number): bigint {
  if (chainDecimals < ledgerDecimals) {
    throw new Error(`a chain with ${chainDecimals} decimals cannot back a ledger with ${ledgerDecimals}`);
  }
  return 10n ** BigInt(chainDecimals - ledgerDecimals);
}

/**
 * An amount that arrived on the chain, in the ledger's minor units, rounded down: the remainder
 * (`residue`, in chain units) stays in custody beyond the ledger's precision and is recorded so
 * that reconciliation can count it.
 */
export function arrivedInLedger(units: bigint, scale: bigint): { minor: bigint; residue: bigint } {
  const minor = units / scale;
  return { minor, residue: units - minor * scale };
}

/**
 * A fee the chain charged, in the ledger's minor units, rounded up: the ledger never shows more
 * in custody than the chain holds; the part paid for but not spent is a residue as above.
 */
export function paidInLedger(units: bigint, scale: bigint): { minor: bigint; residue: bigint } {
  const minor = (units + scale - 1n) / scale;
  return { minor, residue: minor * scale - units };
}

// ---- fees ----------------------------------------------------------------------------------

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * EIP-1559 fees for a new transaction: the tip as configured, and room for the base fee to
 * double before the transaction is priced out, never above the cap. Null when even the current
 * base fee plus the tip is above the cap: the transaction waits.
 */
export function feesFor(baseFeePerGas: bigint, priority: bigint, cap: bigint): Fees | null {
  if (baseFeePerGas + priority > cap) return null;
  const wanted = baseFeePerGas * 2n + priority;
  return { maxFeePerGas: wanted < cap ? wanted : cap, maxPriorityFeePerGas: priority };
}

/** Nodes accept a replacement only when both fees rise by at least 10 %; we raise by 25 %. */
const BUMP_PERCENT = 125n;
const MIN_BUMP_PERCENT = 110n;

/**
 * Fees of a replacement for a stuck transaction: the previous fees raised by a quarter (and at
 * least to what a new transaction would get now), within the cap. Null when the cap leaves no
 * room for the 10 % rise nodes require: the transaction stays as it is and an operator is told.
 */
export function replacementFees(previous: Fees, current: Fees | null, cap: bigint): Fees | null {
  const raise = (value: bigint, floor: bigint) => {
    const bumped = (value * BUMP_PERCENT + 99n) / 100n;
    return bumped > floor ? bumped : floor;
  };
  const priority = raise(previous.maxPriorityFeePerGas, current?.maxPriorityFeePerGas ?? 0n);
  let maxFee = raise(previous.maxFeePerGas, current?.maxFeePerGas ?? 0n);
  if (maxFee > cap) maxFee = cap;
  const isEnough = (next: bigint, before: bigint) => next * 100n >= before * MIN_BUMP_PERCENT;
  if (!isEnough(maxFee, previous.maxFeePerGas)) return null;
  const tip = priority > maxFee ? maxFee : priority;
  if (!isEnough(tip, previous.maxPriorityFeePerGas) && previous.maxPriorityFeePerGas > 0n) return null;
  return { maxFeePerGas: maxFee, maxPriorityFeePerGas: tip };
}

// ---- reorgs --------------------------------------------------------------------------------

export interface RewoundDeposit {
  id: bigint;
  status: "pending" | "credited" | "dropped";
}

export interface RewindPlan {
  /** Not credited yet: no longer incoming (they come back if the new chain holds them). */
  drop: bigint[];
  /** Already credited, so the reorg went deeper than the confirmation depth: frozen and alerted. */
  freeze: bigint[];
}

export function planRewind(deposits: RewoundDeposit[]): RewindPlan {
  return {
    drop: deposits.filter((deposit) => deposit.status === "pending").map((deposit) => deposit.id),
    freeze: deposits.filter((deposit) => deposit.status === "credited").map((deposit) => deposit.id),
  };
}

/** Confirmations of a transaction in `block` when the follower has checked up to `cursor`. */
export function confirmationsAt(block: bigint, cursor: bigint): number {
  return cursor < block ? 0 : Number(cursor - block + 1n);
}

// ---- sweeping ------------------------------------------------------------------------------

export const ETH_TRANSFER_GAS = 21_000n;

/**
 * What an ETH sweep sends: everything credited there less the gas, which the deposit pays. The
 * gas price is both the fee cap and the tip, so the fee is exactly gas times price and the
 * address is left empty. Null when the deposits do not cover twice the fee: not worth it yet.
 */
export function ethSweepValue(credited: bigint, balance: bigint, gasPrice: bigint): bigint | null {
  const fee = ETH_TRANSFER_GAS * gasPrice;
  const available = credited < balance ? credited : balance;
  if (available <= fee * 2n) return null;
  return available - fee;
}

/** The ETH a deposit address needs before it can send a token: the gas limit at the fee cap. */
export function tokenSweepGasNeed(gasLimit: bigint, maxFeePerGas: bigint): bigint {
  return gasLimit * maxFeePerGas;
}
