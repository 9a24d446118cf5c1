import { type Db, type Tx, withTx } from "../../../db/pool.ts";
import { accounts, transfer, withLedgerTx } from "../../ledger/index.ts";
import { custodyUnavailable } from "../wallet.errors.ts";
import { announceWalletFact } from "../wallet.notices.ts";
import { markDepositCredited } from "../wallet.repo.ts";
import type { EvmSettings } from "../wallet.settings.ts";
import type { EvmCoin, EvmContext } from "./evm.context.ts";
import { arrivedInLedger, confirmationsAt, planRewind } from "./evm.domain.ts";
import * as repo from "./evm.repo.ts";
import { type EvmBlock, evmRpcOf } from "./evm.rpc.ts";

/**
 * The block follower (docs/decisions/090-evm-custody.md#deposits-and-reorgs). From a stored cursor it reads
 * the chain block by block: ETH sent to a deposit address and USDT Transfer logs to one become
 * deposits, recorded once by (coin, transaction, log index). Each block's parent hash must be the
 * hash stored for the block before; when it is not, the follower walks back to the last block
 * both chains share and rewinds there: uncredited deposits above it are dropped, credited ones
 * are frozen with an operator alert. Coins arriving at the hot wallet from outside are the
 * operator's funding, credited to the treasury.
 *
 * Everything read from the node is read before the database transaction; the transaction then
 * checks the cursor did not move meanwhile (another copy was faster) and writes or does nothing.
 */

/** Blocks kept to find a fork point: deeper reorgs are an operator's matter. */
const BLOCK_MEMORY = 256n;

export interface FollowReport {
  from: bigint;
  to: bigint;
  deposits: number;
  rewoundTo: bigint | null;
}

interface FoundDeposit extends repo.ChainDepositInput {
  coin: EvmCoin;
}

export async function followChain(context: EvmContext): Promise<FollowReport> {
  const chainId = context.settings.chainId;
  try {
    const report = await followOnce(context);
    await repo.recordFollowerHealth(context.db, chainId, null);
    return report;
  } catch (error) {
    await repo.recordFollowerHealth(context.db, chainId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

async function followOnce(context: EvmContext): Promise<FollowReport> {
  const { db, rpc, settings } = context;
  const chainId = settings.chainId;
  // A node of another chain would show other blocks as ours: refuse to read it at all.
  const nodeChainId = await rpc.chainId();
  if (nodeChainId !== chainId) {
    await repo.raiseAlert(
      db,
      `wrong-chain:${chainId}`,
      "wrong_chain",
      `The node at SOUK_EVM_RPC_URL serves chain ${nodeChainId}, not SOUK_EVM_CHAIN_ID ${chainId}: nothing is read.`,
    );
    throw new Error(`the node serves chain ${nodeChainId}, not ${chainId}`);
  }
  await repo.resolveAlert(db, `wrong-chain:${chainId}`);
  const cursor = await repo.findCursor(db, chainId);
  if (!cursor) return startFollowing(context);
  const at = cursor.block_number;
  const stored = await repo.storedBlockHashes(db, chainId, at, at);
  const tip = await rpc.block(at);
  if (!tip || tip.hash !== stored.get(at)) return rewind(context, at);
  const head = await rpc.headNumber();
  const to = head < at + BigInt(settings.blocksPerPass) ? head : at + BigInt(settings.blocksPerPass);
  const blocks: EvmBlock[] = [];
  const found: FoundDeposit[] = [];
  let parentHash = tip.hash;
  for (let number = at + 1n; number <= to; number += 1n) {
    const block = await rpc.block(number);
    // A block missing or not on top of the last one: the chain moves under us; the next pass sees it.
    if (!block || block.parentHash !== parentHash) break;
    found.push(...(await depositsIn(context, block)));
    blocks.push(block);
    parentHash = block.hash;
  }
  const last = blocks.at(-1);
  if (!last) return { from: at, to: at, deposits: 0, rewoundTo: null };
  const isWritten = await withTx(db, async (tx) => {
    const locked = await repo.lockCursor(tx, chainId);
    if (locked?.block_number !== at) return false;
    for (const block of blocks) await repo.storeBlock(tx, chainId, block);
    await storeFoundDeposits(tx, context, found, last.number);
    if (found.length > 0) await repo.resolveAlertsOfFoundDeposits(tx);
    await repo.moveCursor(tx, chainId, last.number);
    await repo.pruneBlocksBelow(tx, chainId, last.number - BLOCK_MEMORY);
    return true;
  });
  return { from: at + 1n, to: isWritten ? last.number : at, deposits: isWritten ? found.length : 0, rewoundTo: null };
}

/**
 * The deposits of the blocks just read: each one a row (pending until its depth), its owner told
 * it is on its way the first time it is seen short of the depth (as the deposits of other chains
 * are); less than the ledger's smallest unit stays in custody as a residue.
 */
async function storeFoundDeposits(tx: Tx, context: EvmContext, found: FoundDeposit[], head: bigint): Promise<void> {
  for (const deposit of found) {
    if (deposit.amountMinor <= 0n) {
      await repo.recordResidue(
        tx,
        `dust:${deposit.txid}:${deposit.outputIndex}`,
        deposit.currencyId,
        deposit.chainAmount,
      );
      continue;
    }
    const stored = await repo.upsertChainDeposit(tx, deposit);
    const coin = context.coins.find((candidate) => candidate.currency.id === deposit.currencyId);
    const isShort = coin !== undefined && confirmationsAt(deposit.blockNumber, head) < coin.confirmationsRequired;
    if (stored.isNew && isShort && deposit.userId !== null) {
      const { currencyId, amountMinor, txid, userId } = deposit;
      await announceWalletFact(tx, {
        event: "wallet.deposit_pending",
        id: stored.id,
        userId,
        currencyId,
        amountMinor,
        txid,
      });
    }
  }
}

/**
 * Before a deposit address is handed out on a database whose follower has not started, note the
 * node's head: the first run starts there at the latest, so no deposit to the address lies behind
 * its cursor. Without an answer from the right chain no address is handed out (503).
 */
export async function noteStartBeforeAddress(db: Db, settings: EvmSettings): Promise<void> {
  if (settings.startBlock !== null || (await repo.findCursor(db, settings.chainId))) return;
  let head: bigint;
  try {
    const rpc = evmRpcOf(settings);
    if ((await rpc.chainId()) !== settings.chainId) throw new Error("the node serves another chain");
    head = await rpc.headNumber();
  } catch {
    throw custodyUnavailable();
  }
  await repo.noteStartHint(db, settings.chainId, head);
}

/**
 * The first run on a database: follow from the configured block, else from the head noted before
 * the first deposit address, else from the head; the hot wallet's coins are the opening funding.
 */
async function startFollowing(context: EvmContext): Promise<FollowReport> {
  const { db, rpc, settings } = context;
  const start =
    settings.startBlock !== null
      ? BigInt(settings.startBlock)
      : ((await repo.findStartHint(db, settings.chainId)) ?? (await rpc.headNumber()));
  const block = await rpc.block(start);
  if (!block) throw new Error(`the node has no block ${start}`);
  const opening = await Promise.all(
    context.coins.map(async (coin) => ({ coin, units: await balanceAt(context, coin, context.hotWallet, start) })),
  );
  await withLedgerTx(db, async (tx) => {
    if (!(await repo.startCursor(tx, settings.chainId, start))) return;
    await repo.storeBlock(tx, settings.chainId, block);
    for (const { coin, units } of opening) {
      if (units === 0n) continue;
      const { minor } = arrivedInLedger(units, coin.scale);
      const deposit: FoundDeposit = {
        coin,
        userId: null,
        currencyId: coin.currency.id,
        address: context.hotWallet,
        txid: `opening-balance:${settings.chainId}:${start}`,
        outputIndex: 0,
        chainAmount: units,
        amountMinor: minor,
        blockNumber: start,
        blockHash: block.hash,
      };
      if (minor === 0n) await repo.recordResidue(tx, `dust:${deposit.txid}`, coin.currency.id, units);
      else await repo.upsertChainDeposit(tx, deposit);
    }
  });
  return { from: start, to: start, deposits: opening.filter((item) => item.units > 0n).length, rewoundTo: null };
}

export function balanceAt(context: EvmContext, coin: EvmCoin, address: string, at: bigint | "latest") {
  return coin.token === null ? context.rpc.balance(address, at) : context.rpc.tokenBalance(coin.token, address, at);
}

/** Deposits in one block: coins reaching our addresses from anyone but ourselves. */
async function depositsIn(context: EvmContext, block: EvmBlock): Promise<FoundDeposit[]> {
  const native = context.native;
  const tokens = context.coins.filter((coin) => coin.token !== null);
  const tokenTransfers = (
    await Promise.all(
      tokens.map(async (coin) =>
        (await context.rpc.tokenTransfers(block.hash, coin.token ?? "")).map((log) => ({ coin, ...log })),
      ),
    )
  ).flat();
  const valueTxs = block.transactions.filter((tx) => tx.to !== null && tx.value > 0n);
  const touched = new Set<string>();
  for (const tx of valueTxs) touched.add(tx.to ?? "").add(tx.from);
  for (const log of tokenTransfers) touched.add(log.to).add(log.from);
  if (touched.size === 0) return [];
  const owners = new Map((await repo.findEvmAddresses(context.db, [...touched])).map((row) => [row.address, row]));
  const isOurs = (address: string) => address === context.hotWallet || owners.has(address);
  const ownerOf = (address: string) => (address === context.hotWallet ? null : Number(owners.get(address)?.user_id));
  const found: FoundDeposit[] = [];
  const make = (coin: EvmCoin, to: string, txid: string, outputIndex: number, units: bigint): FoundDeposit => ({
    coin,
    userId: ownerOf(to),
    currencyId: coin.currency.id,
    address: to,
    txid,
    outputIndex,
    chainAmount: units,
    amountMinor: arrivedInLedger(units, coin.scale).minor,
    blockNumber: block.number,
    blockHash: block.hash,
  });
  for (const tx of valueTxs) {
    if (!tx.to || !isOurs(tx.to) || isOurs(tx.from)) continue;
    // A reverted transaction carries a value but moves nothing.
    const receipt = await context.rpc.receipt(tx.hash);
    if (receipt?.isSuccess && receipt.blockHash === block.hash) found.push(make(native, tx.to, tx.hash, 0, tx.value));
  }
  for (const log of tokenTransfers) {
    if (!isOurs(log.to) || isOurs(log.from) || log.value === 0n) continue;
    found.push(make(log.coin, log.to, log.transactionHash, log.logIndex, log.value));
  }
  return found;
}

/** Walks back from `from` to the last block the node and the stored hashes agree on, and rewinds there. */
async function rewind(context: EvmContext, from: bigint): Promise<FollowReport> {
  const { db, rpc, settings } = context;
  const chainId = settings.chainId;
  const floor = from > BLOCK_MEMORY ? from - BLOCK_MEMORY : 0n;
  const stored = await repo.storedBlockHashes(db, chainId, floor, from);
  let fork: bigint | null = null;
  for (let number = from - 1n; number >= floor; number -= 1n) {
    const hash = stored.get(number);
    if (hash === undefined) break;
    if ((await rpc.block(number))?.hash === hash) {
      fork = number;
      break;
    }
  }
  if (fork === null) {
    await repo.raiseAlert(
      db,
      `reorg-too-deep:${chainId}:${from}`,
      "reorg_too_deep",
      `The chain changed below the ${BLOCK_MEMORY} blocks the follower remembers (from block ${from}); following stopped.`,
    );
    throw new Error(`no common block with the node within ${BLOCK_MEMORY} blocks of ${from}`);
  }
  const forkPoint = fork;
  await withTx(db, async (tx) => {
    const locked = await repo.lockCursor(tx, chainId);
    if (locked?.block_number !== from) return;
    const rewound = await repo.depositsAboveBlock(
      tx,
      context.coins.map((coin) => coin.currency.id),
      forkPoint,
    );
    const plan = planRewind(rewound);
    await repo.dropDeposits(tx, plan.drop);
    await repo.freezeDeposits(tx, plan.freeze);
    for (const id of plan.freeze) {
      await repo.raiseAlert(
        tx,
        `reorg-credited-deposit:${id}`,
        "reorg_below_confirmations",
        `Deposit ${id} was credited, then the chain rewound its block (reorg from ${from} to ${forkPoint}, deeper than the confirmation depth). Its owner's withdrawals of the coin are frozen until it is found again.`,
      );
    }
    await repo.forgetBlocksAbove(tx, chainId, forkPoint);
    await repo.moveCursor(tx, chainId, forkPoint);
  });
  return { from, to: forkPoint, deposits: 0, rewoundTo: forkPoint };
}

// ---- crediting -----------------------------------------------------------------------------

export interface CreditReport {
  credited: number;
  waiting: number;
}

/**
 * Counts confirmations from the follower's cursor (blocks it has checked, not the node's head)
 * and credits each deposit once at its coin's depth: world -> the owner's available account (the
 * treasury for the operator's funding), under the ledger key `deposit:<id>`, with any sub-unit
 * remainder recorded as a residue in the same transaction.
 */
export async function creditConfirmedDeposits(context: EvmContext): Promise<CreditReport> {
  const cursor = await repo.findCursor(context.db, context.settings.chainId);
  const report: CreditReport = { credited: 0, waiting: 0 };
  if (!cursor) return report;
  const coins = new Map(context.coins.map((coin) => [coin.currency.id, coin]));
  const pending = await repo.listPendingChainDeposits(context.db, [...coins.keys()], cursor.block_number);
  for (const seen of pending) {
    const coin = coins.get(seen.currency_id);
    if (!coin || seen.block_number === null) continue;
    const confirmations = confirmationsAt(seen.block_number, cursor.block_number);
    const isOpening = seen.txid.startsWith("opening-balance:");
    if (confirmations < coin.confirmationsRequired && !isOpening) {
      if (confirmations !== seen.confirmations) await repo.setConfirmations(context.db, seen.id, confirmations);
      report.waiting += 1;
      continue;
    }
    // One deposit per transaction, as the dev chain's confirmations do: no run holds many
    // users' accounts at once, and a failure leaves the others credited.
    const isCredited = await withLedgerTx(context.db, async (tx) => {
      const deposit = await repo.lockPendingChainDeposit(tx, seen.id);
      if (!deposit || deposit.block_number !== seen.block_number) return false;
      const owner = deposit.user_id === null ? accounts.treasury() : accounts.available(Number(deposit.user_id));
      const credit = await transfer(tx, {
        idempotencyKey: `deposit:${deposit.id}`,
        kind: "deposit",
        currencyId: deposit.currency_id,
        reference: { type: "deposit", id: String(deposit.id) },
        legs: [{ from: accounts.world(), to: owner, amountMinor: deposit.amount_minor }],
      });
      const units = BigInt(deposit.chain_amount ?? "0");
      await repo.recordResidue(
        tx,
        `deposit:${deposit.id}`,
        deposit.currency_id,
        arrivedInLedger(units, coin.scale).residue,
      );
      await repo.setConfirmations(tx, deposit.id, Math.max(confirmations, coin.confirmationsRequired));
      await markDepositCredited(tx, deposit.id, credit.transferId);
      if (deposit.user_id !== null) {
        const { id, currency_id: currencyId, amount_minor: amountMinor, txid } = deposit;
        const userId = Number(deposit.user_id);
        await announceWalletFact(tx, { event: "wallet.deposit_confirmed", id, userId, currencyId, amountMinor, txid });
      }
      return true;
    });
    if (isCredited) report.credited += 1;
  }
  return report;
}
