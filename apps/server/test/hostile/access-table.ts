import { ACTORS, type Actor, type PlantedIds, type PlantedObject } from "./world.ts";

/**
 * Who may succeed on each operation of the API: the expectation table of the authorisation matrix
 * (authorization-matrix.int.test.ts, decision docs/decisions/077-hostile-user-suite.md).
 *
 * The matrix calls every operation of the OpenAPI document as each of six actors (a visitor, a
 * stranger, the other party of a trade, the owner of the planted objects, a moderator, an admin)
 * with the ids of the owner's objects. An actor outside `may` that gets a 2xx fails the test; so
 * does any answer that carries a planted secret to an actor outside its audience, and so does an
 * operation of the document that has no line here.
 *
 * Adding a route is one line: its key as the document names it ("METHOD /path/{param}"), who may
 * succeed, which planted object fills each path parameter, and a valid body when it takes one (so
 * a refusal is the authorisation's, not the schema's). For example:
 *
 *   "GET /rest/v1/bankaccounts/{id}": { may: OWNER, ids: { id: "bankAccount" } },
 *
 * A route whose success changes or ends the planted objects (a delete, a cancel, a log-out) says
 * `ends`, and runs after everything else. An object the table needs that the world does not plant
 * yet goes into world.ts (PlantedIds and plantWorld).
 */

export interface Expectation {
  /** The actors that may get a 2xx answer; every other actor must be refused. */
  may: readonly Actor[];
  /** Path parameters filled with the id of a planted object. */
  ids?: Record<string, PlantedObject>;
  /** Path parameters filled with a fixed value (reference data codes). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A valid JSON body; a function of the planted ids when it names them. */
  body?: unknown | ((ids: PlantedIds) => unknown);
  /** A multipart body: one PNG file and these text fields. */
  upload?: Record<string, string>;
  /** Its success changes the planted objects ("objects") or ends the caller's session ("session"). */
  ends?: "objects" | "session";
}

/**
 * The order both suites call operations in: reads, then changes, then what ends the planted
 * objects, then what ends a session, so an earlier call never finds the world already spent.
 */
export function runOrderOf(operationKey: string): number {
  const ends = EXPECTED_ACCESS[operationKey]?.ends;
  if (ends === "session") return 3;
  if (ends === "objects") return 2;
  return operationKey.startsWith("GET ") ? 0 : 1;
}

export const EVERYONE: readonly Actor[] = ACTORS;
/** Any logged-in actor, each acting on their own account. */
export const USERS: readonly Actor[] = ["stranger", "party", "owner", "moderator", "admin"];
export const OWNER: readonly Actor[] = ["owner"];
/** The buyer of the planted trades. */
export const PARTY: readonly Actor[] = ["party"];
export const PARTIES: readonly Actor[] = ["party", "owner"];
/** A trade's parties and the staff who settle its disputes. */
export const TRADE_VIEWERS: readonly Actor[] = ["party", "owner", "moderator", "admin"];
export const STAFF: readonly Actor[] = ["moderator", "admin"];
export const ADMIN: readonly Actor[] = ["admin"];

const today = () => new Date().toISOString().slice(0, 10);
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
let registrations = 0;

const OFFER_BODY = {
  type: "sell",
  cryptoCurrencyCode: "USDT",
  fiatCurrencyCode: "USD",
  paymentMethodSlug: "cash-in-person",
  priceType: "fixed",
  fixedPrice: "1",
  margin: "0",
  fiatLimitMin: "10",
  fiatLimitMax: "500",
};

export const EXPECTED_ACCESS: Record<string, Expectation> = {
  // Reference data and the marketplace: public.
  "GET /rest/v2/currencies": { may: EVERYONE },
  "GET /rest/v2/currencies/{code}": { may: EVERYONE, params: { code: "USD" } },
  "GET /rest/v2/payment-methods": { may: EVERYONE },
  "GET /rest/v2/payment-methods/popular": { may: EVERYONE },
  "GET /rest/v2/payment-methods/{slug}": { may: EVERYONE, params: { slug: "bank-transfer" } },
  "GET /rest/v2/payment-method-groups": { may: EVERYONE },
  "GET /rest/v1/countries": { may: EVERYONE },
  "GET /rest/v2/countries": { may: EVERYONE },
  "GET /rest/v2/countries/phone-verification": { may: EVERYONE },
  "GET /rest/v2/crypto-fiat-rates": { may: EVERYONE },
  "GET /rest/v2/wallet/crypto-currencies": { may: EVERYONE },
  "GET /rest/v2/wallet/crypto-currencies/rates": { may: EVERYONE },
  "GET /rest/v1/timezones": { may: EVERYONE },
  "GET /rest/v1/languages": { may: EVERYONE },
  "GET /rest/v1/offers": { may: EVERYONE },
  "GET /rest/v1/offers/{id}": { may: EVERYONE, ids: { id: "offer" } },
  "GET /rest/v1/tags": { may: EVERYONE },
  "GET /rest/v1/users/{username}": { may: EVERYONE, ids: { username: "ownerName" } },
  "GET /rest/v1/users/{username}/active-offers": { may: EVERYONE, ids: { username: "ownerName" } },
  "GET /rest/v1/users/{username}/feedback": { may: EVERYONE, ids: { username: "ownerName" } },
  "GET /rest/v1/calculator": { may: EVERYONE, query: { currency: "USD", cryptoCurrencyCode: "BTC" } },
  "GET /rest/v1/calculator/currency": { may: EVERYONE },
  "GET /rest/v1/trade/{id}/receipt": { may: EVERYONE, ids: { id: "releasedTrade" } },

  // Accounts and sessions.
  "GET /rest/v1/csrf": { may: EVERYONE },
  "POST /rest/v1/auth/register": {
    may: EVERYONE,
    body: () => {
      registrations += 1;
      const username = `matrix${registrations}${Date.now() % 100_000}`;
      return { email: `${username}@example.com`, username, password: "Matrix-password-1!" };
    },
  },
  "POST /rest/v1/auth/login": {
    may: EVERYONE,
    body: (ids: PlantedIds) => ({ login: ids.ownerName, password: "Not-the-password-1!" }),
  },
  "POST /rest/v1/auth/logout": { may: USERS, ends: "session" },
  "GET /rest/v1/users/current_user": { may: USERS },
  "POST /rest/v1/users/settings": { may: USERS, body: { bio: "Hello from the matrix." } },
  "POST /rest/v1/users/{username}/relations": { may: USERS, ids: { username: "ownerName" }, body: { action: "trust" } },
  "GET /rest/v1/users/me/contacts/trusted-list": { may: USERS },
  "GET /rest/v1/users/me/contacts/blocked-list": { may: USERS },
  "GET /rest/v1/users/me/contacts/recent-trades": { may: USERS },
  "GET /proxy/messenger/v3/profile": { may: USERS },
  "PUT /proxy/messenger/v3/profile": { may: USERS, body: { acceptChatMessages: "YES" } },
  "GET /rest/v1/messenger/{username}": { may: USERS, ids: { username: "ownerName" } },
  "POST /rest/v1/messenger/{username}": { may: USERS, ids: { username: "ownerName" }, body: { message: "Hi there." } },
  "POST /account/re-auth-push-subscription": {
    may: TRADE_VIEWERS,
    body: (ids: PlantedIds) => ({ channels: [`trade.${ids.trade}`] }),
  },

  // Offers and the owner's tools.
  "POST /rest/v1/offers": { may: USERS, body: OFFER_BODY },
  "PUT /rest/v1/offers/{id}": { may: OWNER, ids: { id: "offer" }, body: { offerTerms: "Edited by the matrix." } },
  "DELETE /rest/v1/offers/{id}": { may: ["owner", ...STAFF], ids: { id: "offer" }, ends: "objects" },
  "POST /rest/v1/offers/{id}/offer-cap": {
    may: OWNER,
    ids: { id: "offer" },
    body: { offerCap: { amount: "100000", active: false } },
  },
  "POST /rest/v1/offers/{id}/report": {
    may: ["stranger", "party", ...STAFF],
    ids: { id: "offer" },
    body: { reason: "other", message: "Reported by the matrix." },
  },
  "GET /rest/v1/my-offers/list": { may: USERS },
  "POST /offer-manager/toggle-all-offers-state": { may: USERS, body: { newStatus: true } },
  "PUT /rest/v1/my-offers/{hash}/status": { may: OWNER, ids: { hash: "offer" }, body: { newStatus: true } },
  "PUT /rest/v1/my-offers/{hash}/margin": { may: OWNER, ids: { hash: "offer" }, body: { newMargin: "1" } },
  "PUT /rest/v1/my-offers/{hash}/fixed-price": { may: OWNER, ids: { hash: "offer" }, body: { newFixedPrice: "1" } },
  "PUT /rest/v1/my-offers/{hash}/amount": {
    may: OWNER,
    ids: { hash: "offer" },
    body: { rangeMin: "10", rangeMax: "5000" },
  },
  "PUT /rest/v1/my-offers/{hash}/manual-escrow-fee": {
    may: OWNER,
    ids: { hash: "offer" },
    body: { newManualEscrowFee: null },
  },
  "PUT /rest/v1/my-offers/{hash}/reset-penalty": { may: OWNER, ids: { hash: "offer" } },
  "POST /rest/v1/my-offers/{hash}/promote": { may: OWNER, ids: { hash: "offer" } },
  "PUT /rest/v1/my-offers/{hash}/bid": {
    may: OWNER,
    ids: { hash: "offer" },
    body: () => ({ endDate: nextWeek(), amount: "10", cryptoCurrencyCode: "USDT", isPresent: true }),
  },
  "DELETE /rest/v1/my-offers/{hash}/bid": { may: OWNER, ids: { hash: "offer" } },
  "GET /rest/v1/my-offers/{hash}/pinned-info": { may: OWNER, ids: { hash: "offer" } },
  "GET /rest/v1/my-offers/{hash}/bid-info": { may: OWNER, ids: { hash: "offer" } },
  "GET /rest/v1/favorites/offers": { may: USERS },
  "POST /rest/v1/favorites/offers/{id}": { may: USERS, ids: { id: "offer" } },
  "DELETE /rest/v1/favorites/offers/{id}": { may: USERS, ids: { id: "offer" } },

  // Trades.
  "POST /rest/v1/trade": { may: USERS, body: (ids: PlantedIds) => ({ offerId: ids.offer, fiatAmount: "100" }) },
  "GET /rest/v1/trade/active": { may: USERS },
  "GET /rest/v1/trade/history": { may: USERS },
  "GET /rest/v1/trade/statistics": { may: USERS },
  "GET /rest/v1/trade/{id}": { may: TRADE_VIEWERS, ids: { id: "trade" } },
  "POST /rest/v1/trade/{id}/paid": { may: PARTY, ids: { id: "trade" } },
  "POST /rest/v1/trade/{id}/release": { may: OWNER, ids: { id: "trade" }, body: {} },
  "POST /rest/v1/trade/{id}/cancel": { may: PARTIES, ids: { id: "trade" }, ends: "objects" },
  "POST /rest/v1/trade/{id}/dispute": {
    may: PARTIES,
    ids: { id: "trade" },
    body: { disputeReasonId: 1, disputeReasonText: "The other party stopped answering." },
    ends: "objects",
  },
  "POST /rest/v1/trade/{id}/dispute/resolve": {
    may: STAFF,
    ids: { id: "trade" },
    body: { outcome: "buyer", note: "Settled by the matrix." },
    ends: "objects",
  },
  "POST /rest/v1/trade/{id}/dispute/appeal": {
    may: PARTIES,
    ids: { id: "trade" },
    body: { text: "I do not agree with this award." },
  },
  "GET /rest/v1/dispute/reasons": { may: USERS },
  "GET /rest/v1/disputes": { may: STAFF },
  "GET /rest/v1/trade/{id}/uploads": { may: TRADE_VIEWERS, ids: { id: "uploadTrade" } },
  "GET /rest/v1/trade/{id}/uploads/{uploadId}": { may: TRADE_VIEWERS, ids: { id: "uploadTrade", uploadId: "upload" } },
  "POST /rest/v1/trade/{id}/upload": {
    may: PARTY,
    ids: { id: "uploadTrade" },
    upload: { requirementId: "payment_receipt" },
  },
  "POST /rest/v1/trade/{id}/requirement": {
    may: PARTIES,
    ids: { id: "trade" },
    body: { requirementId: "payer_name", decision: "approve" },
  },
  // Staff looking at a trade may open its policy links too; the read is recorded with their role.
  "POST /rest/v1/trade/{id}/policy-read": {
    may: TRADE_VIEWERS,
    ids: { id: "trade" },
    body: { url: "/terms-of-service" },
  },
  "POST /rest/v1/trade/{id}/fallback": { may: PARTIES, ids: { id: "trade" } },
  "POST /rest/v1/trade/{id}/report": {
    may: PARTIES,
    ids: { id: "trade" },
    body: { reason: "other", message: "Reported by the matrix." },
  },
  "POST /rest/v1/user-reports/chargeback": {
    may: OWNER,
    body: (ids: PlantedIds) => ({ tradeId: ids.releasedTrade, timing: "before_mark_as_paid", description: "Matrix." }),
  },

  // Chat and feedback.
  "GET /rest/v1/trade/{id}/chat": { may: TRADE_VIEWERS, ids: { id: "trade" } },
  "POST /rest/v1/trade/{id}/chat": { may: TRADE_VIEWERS, ids: { id: "trade" }, body: { message: "Hello." } },
  "POST /rest/v1/trade/{id}/chat/attachments": { may: TRADE_VIEWERS, ids: { id: "trade" }, upload: {} },
  "GET /rest/v1/chat/attachments/{id}": { may: TRADE_VIEWERS, ids: { id: "attachment" } },
  "GET /rest/v1/feedback/{id}": { may: TRADE_VIEWERS, ids: { id: "releasedTrade" } },
  "POST /rest/v1/feedback/{id}/give": {
    may: PARTIES,
    ids: { id: "releasedTrade" },
    body: { rating: 1, message: "Good trade." },
  },
  "POST /rest/v1/feedback/{id}/reply": { may: PARTIES, ids: { id: "releasedTrade" }, body: { message: "Thank you." } },

  // Trade history exports.
  "POST /rest/v1/trade-history/exports": {
    may: USERS,
    body: () => ({ format: "csv", startDate: today(), endDate: today() }),
  },
  "GET /rest/v1/trade-history/exports": { may: USERS },
  "GET /rest/v1/trade-history/exports/{id}": { may: OWNER, ids: { id: "export" } },
  "GET /rest/v1/trade-history/exports/{id}/download": { may: OWNER, ids: { id: "export" } },
  "POST /rest/v1/trade-history/exports/{id}/cancel": { may: OWNER, ids: { id: "export" } },

  // The wallet: each user's own; the dev chain and the ledger check for admins.
  "GET /rest/v2/wallet/balances": { may: USERS },
  "GET /rest/v1/wallet/address": { may: USERS, query: { cryptoCurrencyCode: "USDT" } },
  "GET /rest/v1/wallet/deposits": { may: USERS },
  "GET /rest/v1/wallet/send-info": { may: USERS, query: { cryptoCurrencyCode: "USDT" } },
  "POST /rest/v1/wallet/send": {
    may: USERS,
    body: (ids: PlantedIds) => ({ cryptoCurrencyCode: "USDT", amount: "1", username: ids.partyName }),
  },
  "GET /rest/v1/wallet/transactions": { may: USERS },
  "GET /rest/v1/wallet/bond": { may: USERS },
  "POST /wallet/deposit-bond": { may: USERS, body: { cryptoCurrencyCode: "USDT" } },
  "POST /wallet/retrieve-bond": { may: USERS, body: { cryptoCurrencyCode: "USDT" } },
  "POST /rest/v1/admin/wallet/deposits": {
    may: ADMIN,
    body: (ids: PlantedIds) => ({ username: ids.ownerName, amount: "1", cryptoCurrencyCode: "USDT" }),
  },
  "POST /rest/v1/admin/wallet/deposits/{id}/confirm": {
    may: ADMIN,
    ids: { id: "deposit" },
    body: { confirmations: 1 },
  },
  "POST /rest/v1/admin/wallet/withdrawals/broadcast": { may: ADMIN },
  "GET /rest/v1/admin/ledger/verify": { may: ADMIN },
};
