import { ErrorCode, type Trade } from "@souk/contracts";
import type { Db, Tx } from "../../db/pool.ts";
import { type Features, forbidden, isPublicId, isStaff, type Viewer } from "../../platform/index.ts";
import { tradePaymentAccountsQuery } from "../bank-accounts/index.ts";
import { getCatalog, getMarket } from "../offers/index.ts";
import * as errors from "./trades.errors.ts";
import * as repo from "./trades.repo.ts";
import * as requirementsRepo from "./trades.requirements.repo.ts";
import { mayReadPaymentDetails, toTradeView, type ViewerRole } from "./trades.view.ts";

// ---- who is looking ------------------------------------------------------------------------

/** The viewer's role on a trade: a party's side, staff looking on, or null (a stranger). */
export function roleOf(row: Pick<repo.TradeRow, "buyer_id" | "seller_id">, viewer: Viewer | null): ViewerRole | null {
  if (!viewer) return null;
  if (Number(row.buyer_id) === viewer.userId) return "buyer";
  if (Number(row.seller_id) === viewer.userId) return "seller";
  return isStaff(viewer) ? "moderator" : null;
}

/** The trade an id names when this viewer may see it; 404 for unknown ids and strangers alike. */
export async function findTradeFor(
  db: Db | Tx,
  viewer: Viewer,
  idHashed: string,
): Promise<{ row: repo.TradeRow; role: ViewerRole }> {
  const row = isPublicId(idHashed) ? await repo.findTradeByIdHashed(db, idHashed) : undefined;
  const role = row ? roleOf(row, viewer) : null;
  if (!row || !role) throw errors.tradeNotFound();
  if (viewer.blockedKycActions.includes("view-trade")) {
    throw forbidden("Verify your identity to do this.", ErrorCode.KYC_ACTION_BLOCKED, { action: "view-trade" });
  }
  return { row, role };
}

/** The view of a trade for a viewer, with its parties, requirements and currency details. */
export async function viewTrade(
  db: Db,
  row: repo.TradeRow,
  viewer: Viewer,
  role: ViewerRole,
  features: Features,
): Promise<Trade> {
  // The payee's accounts, only for a viewer who may see them: the trade's own copy once the
  // details were revealed, else the offer's current ones, read in the same statement.
  const mayRead = mayReadPaymentDetails(row, viewer.userId, role);
  const paymentAccounts =
    mayRead && row.payment_accounts === null
      ? tradePaymentAccountsQuery({ offerId: row.offer_id, offerOwnerId: row.offer_owner_id, sellerId: row.seller_id })
      : null;
  const [read, catalog, market] = await Promise.all([
    requirementsRepo.findViewFacts(db, row, paymentAccounts),
    getCatalog(db),
    getMarket(db),
  ]);
  const facts = mayRead && row.payment_accounts !== null ? { ...read, bankAccounts: row.payment_accounts } : read;
  const fiat = catalog.fiatById.get(row.fiat_currency_id);
  return toTradeView(row, {
    viewerId: viewer.userId,
    viewerRole: role,
    ...facts,
    fiat: fiat ? { name: fiat.name, order: fiat.sortOrder } : null,
    usdRate: market.fiatPerUsd[row.fiat_currency_code] ?? null,
    isAppealFeatureOn: features.disputeAppeal,
    now: new Date(),
  });
}

/** GET /rest/v1/trade/{id}. */
export async function getTrade(db: Db, viewer: Viewer, idHashed: string, features: Features): Promise<Trade> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  return viewTrade(db, row, viewer, role, features);
}
