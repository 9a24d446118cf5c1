import type { Db } from "../../db/pool.ts";
import { type LedgerInvariantCheck, listNonZeroBalances } from "../ledger/index.ts";
import { sumOpenWithdrawalsByAccount } from "./wallet.repo.ts";

/**
 * Added to ledger:verify: what the withdrawal accounts hold is exactly what open withdrawals
 * (awaiting approval, held or broadcasting) owe the chain. Money stuck there without a withdrawal, or a withdrawal
 * whose hold is gone, shows up here.
 */
export const withdrawalHoldsCheck: LedgerInvariantCheck = {
  name: "withdrawal_holds_match_open_withdrawals",
  invariant: "I12",
  description: "each withdrawal account holds exactly its owner's open withdrawals (amount plus network fee)",
  async run(db: Db) {
    const [balances, open] = await Promise.all([
      listNonZeroBalances(db, "withdrawal"),
      sumOpenWithdrawalsByAccount(db),
    ]);
    const expected = new Map(open.map((row) => [`${row.user_id}:${row.currency_id}`, BigInt(row.total)]));
    const problems: string[] = [];
    for (const balance of balances) {
      const key = `${balance.ownerUserId}:${balance.currencyId}`;
      const owed = expected.get(key) ?? 0n;
      if (owed !== balance.balanceMinor) {
        problems.push(
          `user ${balance.ownerUserId} currency ${balance.currencyId}: holds ${balance.balanceMinor}, open withdrawals ${owed}`,
        );
      }
      expected.delete(key);
    }
    for (const [key, owed] of expected) problems.push(`open withdrawals ${key} owe ${owed} but nothing is held`);
    return { checkedCount: balances.length + expected.size, problems };
  },
};
