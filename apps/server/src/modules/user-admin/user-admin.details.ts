import type { AdminUserDetails } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import { userNotFound } from "../../platform/index.ts";
import { listSessionsForStaff } from "../account-security/index.ts";
import { listOffersForModeration } from "../offers/index.ts";
import { listTradeHistory } from "../trades/index.ts";
import { getBalances } from "../wallet/index.ts";
import * as repo from "./user-admin.repo.ts";

const LATEST = 20;

/**
 * GET /rest/v1/admin/users/{username}/details: the sections of a user's page in the operator
 * console (its balances, latest trades, offers and sessions), each read through its module's door.
 */
export async function getAdminUserDetails(db: Db, username: string): Promise<AdminUserDetails> {
  const user = await repo.findUser(db, username);
  if (!user) throw userNotFound();
  const userId = Number(user.id);
  const [wallet, trades, offers, sessions] = await Promise.all([
    getBalances(db, userId),
    listTradeHistory(db, userId, {}, { limit: LATEST, offset: 0 }),
    listOffersForModeration(db, { status: "all", q: user.username, page: 1, perPage: LATEST }),
    listSessionsForStaff(db, userId, LATEST),
  ]);
  return {
    balances: wallet.balances,
    trades,
    offers: { total: offers.meta.total, items: offers.items.filter((offer) => offer.ownerUsername === user.username) },
    sessions,
  };
}
