import { CLOSE_ACCOUNT_REASONS, type CloseAccountSettings, ErrorCode } from "@souk/contracts";
import { sql } from "kysely";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { conflict, inputError, revokeUserSessions, type Viewer, verifyPassword } from "../../platform/index.ts";
import { getOwnerBalances } from "../ledger/index.ts";
import { toggleAllOffers } from "../my-offers/index.ts";
import { listActiveTrades } from "../trades/index.ts";
import { closureBlockers } from "./account-closure.domain.ts";

type Tables = {
  /** The closure columns are written here (the users module owns the table). */
  users: {
    id: number;
    password_hash: string;
    closed_at: Date | null;
    close_reason: string | null;
    close_comment: string | null;
  };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

async function blockersOf(db: Db, userId: number) {
  const [balances, trades] = await Promise.all([getOwnerBalances(db, userId), listActiveTrades(db, userId)]);
  return { blockers: closureBlockers({ balances, openTradeCount: trades.items.length }), trades: trades.items };
}

/** The close-account screen: the reasons to choose from and what, if anything, keeps the account open. */
export async function getCloseAccountSettings(db: Db, userId: number): Promise<CloseAccountSettings> {
  const { blockers } = await blockersOf(db, userId);
  return { reasons: [...CLOSE_ACCOUNT_REASONS], canClose: blockers.length === 0, blockers };
}

export interface CloseAccountInput {
  reason: (typeof CLOSE_ACCOUNT_REASONS)[number];
  comment?: string | undefined;
  password: string;
}

const BLOCKER_WORDS = { balance: "a balance", escrow: "coins in escrow", open_trades: "open trades" } as const;

/**
 * POST users/close-account: refused (saying which) while money, escrow or open trades remain;
 * otherwise the account is marked closed with its reason and every session ends in one
 * transaction, then its offers are switched off.
 */
export async function closeAccount(db: Db, viewer: Viewer, input: CloseAccountInput): Promise<void> {
  const user = await t(db)
    .selectFrom("users")
    .select(["password_hash", "closed_at"])
    .where("id", "=", viewer.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.password)))
    throw inputError({ password: ["password_wrong"] }, "The password is not correct.");
  const { blockers, trades } = await blockersOf(db, viewer.userId);
  if (blockers.length > 0) {
    const words = blockers.map((blocker) => BLOCKER_WORDS[blocker]).join(", ");
    throw conflict(`The account still has ${words}; settle them before closing it.`, ErrorCode.ACCOUNT_CLOSE_REFUSED, {
      blockers,
      trades: trades.map((trade) => trade.id),
    });
  }
  await withTx(db, async (tx) => {
    const closed = await t(tx)
      .updateTable("users")
      .set({ closed_at: sql`now()`, close_reason: input.reason, close_comment: input.comment || null })
      .where("id", "=", viewer.userId)
      .where("closed_at", "is", null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) throw conflict("The account is already closed.", ErrorCode.ACCOUNT_CLOSED);
    await revokeUserSessions(tx, viewer.userId, { except: 0 });
  });
  await toggleAllOffers(db, viewer, false);
}
