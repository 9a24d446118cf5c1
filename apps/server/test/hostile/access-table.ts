import { cashSellOfferBody } from "../offer-bodies.ts";
import {
  ACTORS,
  type Actor,
  PLANTED_BANK_ACCOUNT,
  PLANTED_REDIRECT_URI,
  type PlantedIds,
  type PlantedObject,
} from "./world.ts";

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
  query?: Record<string, string> | ((ids: PlantedIds) => Record<string, string>);
  /** A valid JSON body; a function of the planted ids when it names them. */
  body?: unknown | ((ids: PlantedIds) => unknown);
  /** A multipart body: one PNG file and these text fields (a function of the planted ids when it names them). */
  upload?: Record<string, string> | ((ids: PlantedIds) => Record<string, string>);
  /** Its success changes the planted objects ("objects") or ends the caller's session ("session"). */
  ends?: "objects" | "session";
  /**
   * A POST that only reads a planted object named in its body (Paxful's API reads with POST): it
   * runs with the reads, and an allowed actor must succeed on it, as on a GET of a planted id.
   */
  reads?: true;
  /**
   * Planted secrets (by name) the route shows the actors of `may` by design: the dev mailbox shows
   * admins every recipient's address (docs/decisions/093-dev-mailbox.md). Any other actor, and any
   * secret not named, still fails the test when it shows.
   */
  reveals?: readonly string[];
}

/** The planted secrets this actor may read in the route's answers. */
export function revealedTo(expectation: Expectation | undefined, actor: Actor): readonly string[] {
  return expectation?.may.includes(actor) ? (expectation.reveals ?? []) : [];
}

/** WebAuthn answers of the right shape whose challenge the server never gave. */
const FAKE_CLIENT_DATA = Buffer.from(
  JSON.stringify({ type: "webauthn.get", challenge: "bm90LWEtY2hhbGxlbmdlLWdpdmVu", origin: "http://localhost" }),
).toString("base64url");
const FAKE_REGISTRATION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: FAKE_CLIENT_DATA, attestationObject: "AAAA" },
  clientExtensionResults: {},
};
const FAKE_ASSERTION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: FAKE_CLIENT_DATA, authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};

/** A value of the table that may name the planted ids. */
export function resolved<Value>(value: Value | ((ids: PlantedIds) => Value), ids: PlantedIds): Value {
  return typeof value === "function" ? (value as (ids: PlantedIds) => Value)(ids) : value;
}

/**
 * The order both suites call operations in: reads, then changes, then what ends the planted
 * objects, then what ends a session, so an earlier call never finds the world already spent.
 */
export function runOrderOf(operationKey: string): number {
  const ends = EXPECTED_ACCESS[operationKey]?.ends;
  if (ends === "session") return 3;
  if (ends === "objects") return 2;
  return operationKey.startsWith("GET ") || EXPECTED_ACCESS[operationKey]?.reads ? 0 : 1;
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
/** Nobody: an operation no actor of the matrix can succeed on (said why on its line). */
export const NOBODY: readonly Actor[] = [];
/** Any logged-in actor but the owner: trading on the owner's offer. */
export const TAKERS: readonly Actor[] = ["stranger", "party", "moderator", "admin"];

const today = () => new Date().toISOString().slice(0, 10);
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
let registrations = 0;
/** A webhook id nobody has: no webhook is planted (see the webhook lines below). */
const UNKNOWN_WEBHOOK = "00000000-0000-4000-8000-000000000000";

const OFFER_BODY = cashSellOfferBody("500");

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
  "GET /rest/v1/users/{username}/medals": { may: EVERYONE, ids: { username: "ownerName" } },
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
  "POST /rest/v1/auth/password/forgot": { may: EVERYONE, body: { email: "nobody-matrix@example.com" } },
  "POST /rest/v1/auth/password/reset": { may: [], body: { token: "not-a-token", password: "Matrix-password-2!" } },
  // The pending log-in lives in a cookie none of the actors holds, so its code step is refused to all.
  "POST /rest/v1/auth/login/two-factor": { may: NOBODY, body: { code: "123456" } },
  // Its passkey answer too: no actor holds a pending log-in.
  "POST /rest/v1/auth/login/two-factor/passkey/options": { may: NOBODY },
  "POST /rest/v1/auth/login/two-factor/passkey": { may: NOBODY, body: { response: FAKE_ASSERTION } },
  // Likewise the log-in waiting for a new device's approval, and a token no mail carried.
  "POST /rest/v1/auth/login/approval": { may: NOBODY },
  "POST /rest/v1/auth/login-approvals/answer": { may: NOBODY, body: { token: "not-a-token", answer: "approve" } },
  "GET /rest/v1/users/security-settings": { may: USERS },
  "POST /rest/v1/users/security-settings": { may: USERS, body: { approveNewDevices: false } },
  // Wrong current password: refused to all (a right one would end the matrix's other sessions).
  "POST /rest/v1/users/password": {
    may: NOBODY,
    body: { currentPassword: "Not-the-password-1!", newPassword: "Matrix-password-3!" },
  },
  // Wrong password: refused to all; and no actor has a change waiting for its code.
  "POST /rest/v1/users/email": {
    may: NOBODY,
    body: { email: "matrix-new-address@example.com", password: "Not-the-password-1!" },
  },
  "POST /rest/v1/users/email/confirm": { may: NOBODY, body: { code: "123456" } },
  "GET /rest/v1/users/two-factor": { may: USERS },
  "GET /rest/v1/users/passkeys": { may: USERS },
  "POST /rest/v1/users/passkeys/registration/options": { may: USERS },
  // An answer to no challenge the server gave: refused to all (the ceremony has its own tests).
  "POST /rest/v1/users/passkeys/registration/verify": { may: NOBODY, body: { response: FAKE_REGISTRATION } },
  "PUT /rest/v1/users/passkeys/{id}": { may: OWNER, ids: { id: "ownerPasskey" }, body: { name: "Matrix key" } },
  "DELETE /rest/v1/users/passkeys/{id}": { may: OWNER, ids: { id: "ownerPasskey" }, ends: "objects" },
  // Only the owner has a passkey to be asked for.
  "POST /rest/v1/users/passkeys/assertion/options": { may: OWNER, body: { purpose: "release" } },
  "POST /rest/v1/users/passkeys/assertion/verify": {
    may: NOBODY,
    body: { purpose: "release", response: FAKE_ASSERTION },
  },
  "POST /rest/v1/auth/passkey/options": { may: EVERYONE },
  "POST /rest/v1/auth/passkey/login": { may: NOBODY, body: { response: FAKE_ASSERTION } },
  "POST /rest/v1/users/two-factor/option": { may: USERS, body: { type: "ga" } },
  // No actor has an e-mail factor: nothing to send.
  "POST /rest/v1/users/two-factor/send-code": { may: NOBODY },
  // A code no enrolment of the matrix's actors accepts.
  "POST /rest/v1/users/two-factor/enable": { may: NOBODY, body: { code: "000000" } },
  "POST /rest/v1/users/two-factor/deactivate": { may: NOBODY, body: { code: "000000" } },
  "POST /rest/v1/users/two-factor/settings": { may: USERS, body: { login: true, release: true, sendout: true } },
  "POST /rest/v1/user-verification/email/resend-code": { may: USERS },
  "POST /rest/v1/user-verification/email/verify-code": { may: USERS, body: { code: "123456" } },
  "POST /rest/v1/user-verification/email/change-unconfirmed": {
    may: USERS,
    body: () => {
      registrations += 1;
      return { email: `matrix-unconfirmed${registrations}${Date.now() % 100_000}@example.com` };
    },
  },
  "GET /rest/v1/users/current_user": { may: USERS },
  "GET /rest/v1/users/sessions": { may: USERS },
  "GET /rest/v1/users/activity": { may: USERS },
  "DELETE /rest/v1/users/sessions/{id}": { may: OWNER, ids: { id: "ownerSpareSession" }, ends: "objects" },
  // Ends the caller's other sessions (the owner's spare one among them): after the single delete.
  "DELETE /rest/v1/users/sessions": { may: USERS, ends: "session" },
  "POST /rest/v1/users/settings": { may: USERS, body: { bio: "Hello from the matrix." } },
  // Each actor sets its own avatar (the upload is a 64 px square PNG, the smallest avatar taken).
  "POST /rest/v1/users/process-avatar": { may: USERS, upload: {} },
  // No avatar is planted: an id nobody uploaded is 404 to all (the avatar tests read real ones).
  "GET /rest/v1/avatars/{id}": { may: NOBODY, params: { id: "00000000-0000-4000-8000-000000000000" } },
  // Each actor renames itself once, so a second call (the fuzz) is refused by the once-only rule.
  "POST /rest/v1/users/set-username": {
    may: USERS,
    body: () => ({ username: `matrix_renamed_${++registrations}_${Date.now() % 100_000}` }),
    ends: "objects",
  },
  "GET /rest/v1/users/phone-settings": { may: USERS },
  // A French mobile number; each actor asks once (the second ask within a minute is refused).
  "POST /rest/v1/users/send-phone-code": {
    may: USERS,
    body: () => ({
      phone: `+33 6 ${String(++registrations % 100).padStart(2, "0")} ${String(Date.now() % 1_000_000).padStart(6, "0")}`,
      call: false,
      isCitizenshipConsentAccepted: true,
    }),
  },
  // No actor knows the code the dev outbox holds: a wrong code is refused for everyone.
  "POST /rest/v1/users/confirm-phone": { may: NOBODY, body: { phoneCode: "000000" } },
  "POST /rest/v1/users/reset-phone": { may: USERS },
  "GET /rest/v1/users/close-account/settings": { may: USERS },
  // With a wrong password no actor may close its account (a right one is the int tests' part).
  "POST /rest/v1/users/close-account": { may: NOBODY, body: { reason: "other", password: "Not-the-password-1!" } },
  // Corporate accounts (each actor converts its own account; the owner is corporate already, with
  // an open company application planted, so its own conversions are refused).
  "GET /rest/v1/users/corporate-accounts/company-verification": { may: USERS },
  "POST /rest/v1/users/corporate-accounts/convert-to-corporate": { may: USERS },
  "POST /rest/v1/users/corporate-accounts/convert-to-personal": { may: USERS },
  "POST /rest/v1/users/postpone-company-verification": { may: USERS },
  "POST /rest/v1/users/corporate-accounts/company-verification": {
    may: USERS,
    upload: {
      legalEntityName: "Matrix Holdings Ltd",
      businessName: "Matrix Trading",
      registrationNumber: "MATRIX-0001",
      countryIso3: "GBR",
    },
  },
  // A document of the owner's application: the owner's own, and reviewers' (each view audited).
  "GET /rest/v1/users/corporate-accounts/company-verification/documents/{documentId}": {
    may: OWNER,
    ids: { documentId: "companyDocument" },
  },
  "GET /rest/v1/moderation/company-applications": { may: STAFF },
  "GET /rest/v1/moderation/company-applications/{id}": { may: STAFF, ids: { id: "companyApplication" } },
  "GET /rest/v1/moderation/company-applications/{id}/documents/{documentId}": {
    may: STAFF,
    ids: { id: "companyApplication", documentId: "companyDocument" },
  },
  "POST /rest/v1/moderation/company-applications/{id}/take": { may: STAFF, ids: { id: "companyApplication" } },
  "POST /rest/v1/moderation/company-applications/{id}/decision": {
    may: STAFF,
    ids: { id: "companyApplication" },
    body: { decision: "approve" },
    ends: "objects",
  },
  "POST /rest/v1/users/tour/completed": { may: USERS, body: { tourName: "dashboard" } },
  "POST /rest/v1/feedback/feature-request": { may: USERS, body: { text: "A dark theme for the charts." } },
  "POST /rest/v1/users/{username}/relations": { may: USERS, ids: { username: "ownerName" }, body: { action: "trust" } },
  "GET /rest/v1/users/{username}/relations": { may: USERS, ids: { username: "ownerName" } },
  "GET /rest/v1/users/me/contacts/trusted-list": { may: USERS },
  "GET /rest/v1/users/me/contacts/blocked-list": { may: USERS },
  "GET /rest/v1/users/me/contacts/recent-trades": { may: USERS },
  "GET /proxy/messenger/v3/profile": { may: USERS },
  "PUT /proxy/messenger/v3/profile": { may: USERS, body: { acceptChatMessages: "YES" } },
  "GET /rest/v1/messenger/{username}": { may: USERS, ids: { username: "ownerName" } },
  "POST /rest/v1/messenger/{username}": { may: USERS, ids: { username: "ownerName" }, body: { message: "Hi there." } },
  "GET /rest/v1/messenger": { may: USERS },
  "POST /rest/v1/messenger/{username}/read": { may: USERS, ids: { username: "ownerName" }, body: { lastReadId: 1 } },
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
  "GET /rest/v1/bankaccounts": { may: USERS },
  "GET /rest/v1/bankaccounts/{id}": { may: OWNER, ids: { id: "bankAccount" } },
  "POST /rest/v1/bankaccounts": { may: USERS, body: { ...PLANTED_BANK_ACCOUNT, holderName: "Matrix Holder" } },
  "PUT /rest/v1/bankaccounts/{id}": {
    may: OWNER,
    ids: { id: "spareBankAccount" },
    body: { ...PLANTED_BANK_ACCOUNT, holderName: "Matrix Holder" },
  },
  "DELETE /rest/v1/bankaccounts/{id}": { may: OWNER, ids: { id: "spareBankAccount" }, ends: "objects" },
  "PUT /rest/v1/offers/{id}/bank-accounts": {
    may: OWNER,
    ids: { id: "offer" },
    body: (ids: PlantedIds) => ({ bankAccountIds: [Number(ids.bankAccount)] }),
  },
  "GET /rest/v1/banks": { may: EVERYONE, query: { country_id: "276", limit: "1000" } },
  "GET /rest/v1/banks/by-iban": { may: EVERYONE, query: { iban: "DE89370400440532013000" } },
  "GET /rest/v1/banks/by-routing-number": { may: EVERYONE, query: { routing_number: "021000021" } },
  "GET /rest/v1/banks/by-swift": { may: EVERYONE, query: { swift_code: "DEUTDEFF" } },
  "GET /rest/v1/favorites/offers": { may: USERS },
  "POST /rest/v1/favorites/offers/{id}": { may: USERS, ids: { id: "offer" } },
  "DELETE /rest/v1/favorites/offers/{id}": { may: USERS, ids: { id: "offer" } },

  // Notifications: each user's own; a stranger's id is not found.
  "GET /rest/v1/notifications": { may: USERS },
  "GET /rest/v1/notifications/unread-count": { may: USERS },
  "POST /rest/v1/notifications/{id}/read": { may: OWNER, ids: { id: "notification" } },
  "POST /rest/v1/notifications/read-all": { may: USERS },
  "GET /rest/v1/notifications/settings": { may: USERS },
  "POST /rest/v1/notifications/settings": {
    may: USERS,
    body: { settings: [{ group: "feedback", channel: "email", isEnabled: true }] },
  },
  "GET /rest/v1/notifications/telegram": { may: USERS },
  // Refused as not configured where the server has no bot; a user's own link otherwise.
  "POST /rest/v1/notifications/telegram/link": { may: USERS },
  "DELETE /rest/v1/notifications/telegram": { may: USERS },
  // Web push (docs/decisions/097-web-push.md): each user's own browsers; an endpoint is never looked up on subscribing.
  "GET /rest/v1/notifications/push/public-key": { may: USERS },
  "POST /rest/v1/notifications/push/subscriptions": {
    may: USERS,
    body: {
      endpoint: "https://push.example.com/push/hostile",
      expirationTime: null,
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    },
  },
  "POST /rest/v1/notifications/push/unsubscribe": {
    may: USERS,
    body: { endpoint: "https://push.example.com/push/hostile" },
  },

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
  // The world planted the owner's report on this trade already: the owner's call is refused as a second one.
  "POST /rest/v1/user-reports/chargeback": {
    may: OWNER,
    body: (ids: PlantedIds) => ({ tradeId: ids.releasedTrade, timing: "before_mark_as_paid", description: "Matrix." }),
  },
  // The chargeback queue (docs/decisions/141-chargeback-decisions.md): every staff role. The first
  // decision ends the planted report's Pending state, so it runs with the ends.
  "GET /rest/v1/admin/chargebacks": { may: STAFF },
  "GET /rest/v1/admin/chargebacks/{id}": { may: STAFF, ids: { id: "chargeback" } },
  "POST /rest/v1/admin/chargebacks/{id}/decision": {
    may: STAFF,
    ids: { id: "chargeback" },
    body: { state: "Dismissed", reason: "Dismissed by the matrix." },
    ends: "objects",
  },

  // Chat and feedback.
  "GET /rest/v1/trade/{id}/chat": { may: TRADE_VIEWERS, ids: { id: "trade" } },
  "POST /rest/v1/trade/{id}/chat": { may: TRADE_VIEWERS, ids: { id: "trade" }, body: { message: "Hello." } },
  "POST /rest/v1/trade/{id}/chat/attachments": { may: TRADE_VIEWERS, ids: { id: "trade" }, upload: {} },
  "GET /rest/v1/chat/attachments/{id}": { may: TRADE_VIEWERS, ids: { id: "attachment" } },
  // The seller only, once the payment details are revealed: the planted trade is not yet, so the
  // owner's call is refused too (409), and no account reaches the chat of the planted world.
  "POST /rest/v1/trade/{id}/chat/bank-account": {
    may: OWNER,
    ids: { id: "trade" },
    body: (ids: PlantedIds) => ({ bankAccountId: Number(ids.spareBankAccount) }),
  },
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
  "GET /rest/v1/admin/custody": { may: ADMIN },
  // Staff approvals, four eyes (docs/decisions/143-staff-approvals.md): admins only.
  "GET /rest/v1/admin/approvals": { may: ADMIN },
  "POST /rest/v1/admin/approvals/{id}/approve": { may: ADMIN, params: { id: "999999999" }, body: { reason: "" } },
  "POST /rest/v1/admin/approvals/{id}/reject": {
    may: ADMIN,
    params: { id: "999999999" },
    body: { reason: "Matrix check" },
  },
  "POST /rest/v1/admin/ledger/transfers/{id}/reversal": {
    may: ADMIN,
    params: { id: "999999999" },
    body: { reason: "Matrix check" },
  },
  // Supermods propose too (ADMIN_AREA_ACCESS); the planted owner has no second factor on: 409.
  "POST /rest/v1/admin/users/{username}/two-factor-reset": {
    may: ADMIN,
    ids: { username: "ownerName" },
    body: { reason: "Matrix check" },
  },

  // The operator console (docs/decisions/125-user-restrictions.md): supermods and admins run
  // users, admins grant roles; the matrix has no supermod, ADMIN_AREA_ACCESS below has.
  "GET /rest/v1/admin/audit": { may: ADMIN },
  "GET /rest/v1/admin/users": { may: ADMIN, reveals: ["the owner's e-mail address"] },
  "GET /rest/v1/admin/users/{username}": {
    may: ADMIN,
    ids: { username: "ownerName" },
    reveals: ["the owner's e-mail address"],
  },
  "GET /rest/v1/admin/users/{username}/details": {
    may: ADMIN,
    ids: { username: "ownerName" },
    reveals: ["the owner's e-mail address"],
  },
  // The user page's further sections (docs/decisions/145-operations-health.md): supermods and admins.
  "GET /rest/v1/admin/users/{username}/activity": { may: ADMIN, ids: { username: "ownerName" } },
  "GET /rest/v1/admin/users/{username}/relations": { may: ADMIN, ids: { username: "ownerName" } },
  "GET /rest/v1/admin/users/{username}/verifications": { may: ADMIN, ids: { username: "ownerName" } },
  "POST /rest/v1/admin/users/{username}/restrictions": {
    may: ADMIN,
    ids: { username: "ownerName" },
    body: { kind: "restricted", reason: "Matrix check", until: nextWeek() },
    reveals: ["the owner's e-mail address"],
  },
  "POST /rest/v1/admin/users/{username}/restrictions/{kind}/lift": {
    may: ADMIN,
    ids: { username: "ownerName" },
    params: { kind: "restricted" },
    body: { reason: "Matrix check" },
    reveals: ["the owner's e-mail address"],
  },
  "POST /rest/v1/admin/users/{username}/blocked-actions": {
    may: ADMIN,
    ids: { username: "ownerName" },
    body: { action: "activate-offer", reason: "Matrix check" },
    reveals: ["the owner's e-mail address"],
  },
  "POST /rest/v1/admin/users/{username}/blocked-actions/{action}/lift": {
    may: ADMIN,
    ids: { username: "ownerName" },
    params: { action: "activate-offer" },
    body: { reason: "Matrix check" },
    reveals: ["the owner's e-mail address"],
  },
  "POST /rest/v1/admin/users/{username}/roles": {
    may: ADMIN,
    ids: { username: "ownerName" },
    body: { role: "moderator", reason: "Matrix check" },
    ends: "objects",
    reveals: ["the owner's e-mail address"],
  },
  "POST /rest/v1/admin/users/{username}/roles/{role}/revoke": {
    may: ADMIN,
    ids: { username: "ownerName" },
    params: { role: "moderator" },
    body: { reason: "Matrix check" },
    ends: "objects",
    reveals: ["the owner's e-mail address"],
  },

  // Offer moderation (docs/decisions/130-offer-moderation.md): every staff role; the vendor appeals.
  // Approving an approved offer is refused (409), so the reject that changes it runs with the ends.
  "GET /rest/v1/admin/offers": { may: STAFF },
  // The Overview's health read (docs/decisions/145-operations-health.md): every staff role.
  "GET /rest/v1/admin/health": { may: STAFF },
  "POST /rest/v1/admin/offers/{id}/approve": {
    may: STAFF,
    ids: { id: "offer" },
    body: { reason: "Approved by the matrix." },
  },
  "POST /rest/v1/admin/offers/{id}/feature": {
    may: STAFF,
    ids: { id: "offer" },
    body: { isOn: true, reason: "Featured by the matrix." },
  },
  "POST /rest/v1/admin/offers/{id}/sticky": {
    may: STAFF,
    ids: { id: "offer" },
    body: { isOn: true, reason: "Made sticky by the matrix." },
  },
  "POST /rest/v1/admin/offers/{id}/reject": {
    may: STAFF,
    ids: { id: "offer" },
    body: { reason: "Rejected by the matrix." },
    ends: "objects",
  },
  "POST /rest/v1/offers/{id}/appeal": {
    may: OWNER,
    ids: { id: "offer" },
    body: { message: "Appealed by the matrix." },
  },
  // The site switches (docs/decisions/126-site-switches.md): banners for everyone, changes for admins.
  // The bodies ask for what is already so (maintenance off, a flag with nothing stored), so an
  // admin's call is refused as unchanged and the matrix's trades and offers are never closed.
  "GET /rest/v1/site/status": { may: EVERYONE },
  "GET /rest/v1/admin/site": { may: ADMIN },
  "PUT /rest/v1/admin/site/maintenance": { may: ADMIN, body: { isOn: false, message: "" } },
  "POST /rest/v1/admin/site/alerts": {
    may: ADMIN,
    body: { message: "Matrix check", audience: "staff", expiresAt: nextWeek() },
  },
  "DELETE /rest/v1/admin/site/alerts/{id}": { may: ADMIN, params: { id: "999999999" } },
  "PUT /rest/v1/admin/site/flags/{name}": { may: ADMIN, params: { name: "bazaar" }, body: { isOn: null } },

  // The dev mailbox: every outgoing mail and text message, for admins.
  "GET /rest/v1/admin/mail": { may: ADMIN, reveals: ["the owner's e-mail address"] },
  "GET /rest/v1/admin/mail/{id}": { may: ADMIN, ids: { id: "mail" }, reveals: ["the owner's e-mail address"] },
  "GET /rest/v1/admin/sms": { may: ADMIN },

  // The Paxful-compatible API (docs/decisions/073-paxful-compatible-api.md): every call is made with
  // the actor's bearer token (world.ts callerOf), its fields naming the planted objects. The
  // reference actions answer without a token too; the rest need one. Paxful's trade_hash is
  // Souk's trade id, offer_hash the offer's hashed id.
  "POST /paxful/v1/offer/all": { may: EVERYONE, body: { offer_type: "buy", currency_code: "USD" } },
  "POST /paxful/v1/offer/get": { may: USERS, reads: true, body: (ids: PlantedIds) => ({ offer_hash: ids.offer }) },
  "POST /paxful/v1/offer/list": { may: USERS },
  "POST /paxful/v1/offer/create": {
    may: USERS,
    body: {
      offer_type_field: "sell",
      currency: "USD",
      crypto_currency: "USDT",
      payment_method: "cash-in-person",
      fixed_price: "1",
      range_min: "10",
      range_max: "500",
      payment_window: 60,
      offer_terms: "Made by the matrix.",
      trade_details: "Meet at the station.",
    },
  },
  "POST /paxful/v1/offer/update": {
    may: OWNER,
    body: (ids: PlantedIds) => ({ offer_hash: ids.offer, offer_terms: "Edited by the matrix's bot." }),
  },
  "POST /paxful/v1/offer/update-price": {
    may: OWNER,
    body: (ids: PlantedIds) => ({ offer_hash: ids.offer, fixed_price: "1" }),
  },
  "POST /paxful/v1/offer/activate": { may: OWNER, body: (ids: PlantedIds) => ({ offer_hash: ids.offer }) },
  "POST /paxful/v1/offer/deactivate": {
    may: OWNER,
    body: (ids: PlantedIds) => ({ offer_hash: ids.offer }),
    ends: "objects",
  },
  "POST /paxful/v1/offer/delete": {
    may: ["owner", ...STAFF],
    body: (ids: PlantedIds) => ({ offer_hash: ids.offer }),
    ends: "objects",
  },
  // Each caller's own offers: the owner's switch turns the planted offer off.
  "POST /paxful/v1/offer/turn-on": { may: USERS },
  "POST /paxful/v1/offer/turn-off": { may: USERS, ends: "objects" },
  "POST /paxful/v1/offer/price": { may: USERS, reads: true, body: (ids: PlantedIds) => ({ offer_hash: ids.offer }) },
  "POST /paxful/v1/offer/prices": { may: USERS, body: { payment_method: "bank-transfer" } },
  "POST /paxful/v1/offer-tag/list": { may: EVERYONE },
  "POST /paxful/v1/trade/start": {
    may: TAKERS,
    body: (ids: PlantedIds) => ({ offer_hash: ids.offer, fiat: "100", payer_name: "Matrix Payer" }),
  },
  "POST /paxful/v1/trade/get": {
    may: TRADE_VIEWERS,
    reads: true,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade }),
  },
  "POST /paxful/v1/trade/list": { may: USERS },
  "POST /paxful/v1/trade/completed": { may: USERS },
  "POST /paxful/v1/trade/paid": {
    may: PARTY,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade, payer_name: "Matrix Payer" }),
  },
  // Only the seller releases.
  "POST /paxful/v1/trade/release": { may: OWNER, body: (ids: PlantedIds) => ({ trade_hash: ids.trade }) },
  "POST /paxful/v1/trade/cancel": {
    may: PARTIES,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade }),
    ends: "objects",
  },
  "POST /paxful/v1/trade/dispute": {
    may: PARTIES,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade, reason: "The other party stopped answering." }),
    ends: "objects",
  },
  "POST /paxful/v1/trade/dispute-reasons": {
    may: TRADE_VIEWERS,
    reads: true,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade }),
  },
  "POST /paxful/v1/trade/locations": {
    may: TRADE_VIEWERS,
    reads: true,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade }),
  },
  "POST /paxful/v1/trade-chat/get": {
    may: TRADE_VIEWERS,
    reads: true,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade }),
  },
  "POST /paxful/v1/trade-chat/post": {
    may: TRADE_VIEWERS,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade, message: "Hello from the bot." }),
  },
  "POST /paxful/v1/trade-chat/latest": { may: USERS },
  "POST /paxful/v1/trade-chat/image/upload": {
    may: TRADE_VIEWERS,
    upload: (ids: PlantedIds) => ({ trade_hash: ids.trade }),
  },
  "POST /paxful/v1/trade-chat/image": {
    may: TRADE_VIEWERS,
    reads: true,
    body: (ids: PlantedIds) => ({ image_hash: ids.attachment }),
  },
  // Attaching an image by URL is not on Souk: 1013 to everyone.
  "POST /paxful/v1/trade-chat/image/add": {
    may: NOBODY,
    body: (ids: PlantedIds) => ({ trade_hash: ids.trade, file: "https://example.com/receipt.png" }),
  },
  "POST /paxful/v1/user/me": { may: USERS },
  "POST /paxful/v1/user/info": { may: USERS, reads: true, body: (ids: PlantedIds) => ({ username: ids.ownerName }) },
  "POST /paxful/v1/user/trust": { may: USERS, body: (ids: PlantedIds) => ({ username: ids.ownerName }) },
  "POST /paxful/v1/user/untrust": { may: USERS, body: (ids: PlantedIds) => ({ username: ids.ownerName }) },
  "POST /paxful/v1/user/block": { may: USERS, body: (ids: PlantedIds) => ({ username: ids.ownerName }) },
  "POST /paxful/v1/user/unblock": { may: USERS, body: (ids: PlantedIds) => ({ username: ids.ownerName }) },
  "POST /paxful/v1/user/blocked-list": { may: USERS },
  "POST /paxful/v1/user/types": { may: USERS },
  "POST /paxful/v1/wallet/balance": { may: USERS },
  "POST /paxful/v1/wallet/list-addresses": { may: USERS, body: { crypto_currency_code: "USDT" } },
  "POST /paxful/v1/payment-method/list": { may: EVERYONE },
  "POST /paxful/v1/payment-method-group/list": { may: EVERYONE },
  "POST /paxful/v1/currency/list": { may: EVERYONE },
  "POST /paxful/v1/currency/rates": { may: EVERYONE },
  "POST /paxful/v1/currency/btc": { may: EVERYONE },
  "POST /paxful/v1/feedback/list": { may: USERS, body: (ids: PlantedIds) => ({ username: ids.ownerName }) },
  "POST /paxful/v1/feedback/give": {
    may: PARTIES,
    body: (ids: PlantedIds) => ({ trade_hash: ids.releasedTrade, rating: 1, message: "Good trade." }),
  },
  "POST /paxful/v1/feedback/reply": {
    may: PARTIES,
    body: (ids: PlantedIds) => ({ trade_hash: ids.releasedTrade, message: "Thank you." }),
  },
  // Souk has no notification centre: 1013 to everyone.
  "POST /paxful/v1/notifications/list": { may: NOBODY },
  "POST /paxful/v1/notifications/unread-count": { may: NOBODY },
  "POST /paxful/v1/notifications/mark-read": { may: NOBODY },

  // Paxful's webhook management (docs/decisions/075-paxful-webhooks.md), with the actor's token:
  // each caller's own webhooks. The matrix's tokens are direct access (client_credentials), which
  // /user serves and /application refuses (it serves delegated tokens only). Saving needs a URL
  // that echoes the challenge, which no planted URL does: nobody saves, and no webhook is planted.
  "GET /webhook/v1/public/.well-known/public.key": { may: EVERYONE },
  "POST /webhook/v1/user/webhooks": {
    may: USERS,
    body: { tag: "matrix", endpoints: [{ event_type: "trade.paid", url: "https://bot.example.com/hook" }] },
  },
  "GET /webhook/v1/user/webhooks": { may: USERS },
  "DELETE /webhook/v1/user/webhooks": { may: USERS },
  "GET /webhook/v1/user/webhooks/log": { may: USERS },
  "GET /webhook/v1/user/webhooks/{webhook_id}": { may: USERS, params: { webhook_id: UNKNOWN_WEBHOOK } },
  "DELETE /webhook/v1/user/webhooks/{webhook_id}": { may: USERS, params: { webhook_id: UNKNOWN_WEBHOOK } },
  "POST /webhook/v1/application/webhooks": {
    may: NOBODY,
    body: { tag: "matrix", endpoints: [{ event_type: "trade.paid", url: "https://bot.example.com/hook" }] },
  },
  "GET /webhook/v1/application/webhooks": { may: NOBODY },
  "DELETE /webhook/v1/application/webhooks": { may: NOBODY },
  "GET /webhook/v1/application/webhooks/log": { may: NOBODY },
  "GET /webhook/v1/application/webhooks/{webhook_id}": { may: NOBODY, params: { webhook_id: UNKNOWN_WEBHOOK } },
  "DELETE /webhook/v1/application/webhooks/{webhook_id}": { may: NOBODY, params: { webhook_id: UNKNOWN_WEBHOOK } },

  // OAuth2 (docs/decisions/072-api-clients-and-oauth.md). The token endpoint's credentials are its
  // authorisation: whoever holds the owner's client secret gets a token.
  "POST /oauth2/token": {
    may: EVERYONE,
    body: (ids: PlantedIds) => ({
      grant_type: "client_credentials",
      client_id: ids.ownerClient,
      client_secret: ids.ownerClientSecret,
    }),
  },
  "GET /oauth2/userinfo": { may: USERS },
  // The consent page: any logged-in user may be asked about any client; a visitor is sent to log in.
  "GET /oauth2/authorize": {
    may: USERS,
    query: (ids: PlantedIds) => ({
      response_type: "code",
      client_id: ids.ownerClient,
      redirect_uri: PLANTED_REDIRECT_URI,
      scope: "profile",
      state: "matrix",
    }),
  },
  // The consent form's answer carries the CSRF cookie's token in a field, which the matrix's
  // calls do not: refused to everyone (a success is a redirect, never a 2xx, anyway).
  "POST /oauth2/authorize": {
    may: NOBODY,
    body: (ids: PlantedIds) => ({
      response_type: "code",
      client_id: ids.ownerClient,
      redirect_uri: PLANTED_REDIRECT_URI,
      scope: "profile",
      state: "matrix",
      decision: "allow",
      csrf_token: "not-the-cookie",
    }),
  },

  // The API keys screen: each user's own clients; only the owner revokes theirs.
  // The account's webhook (docs/decisions/098-account-webhooks.md): each user's own, no planted one.
  // A private address is refused (422) before any request leaves, so no actor reaches a 2xx change.
  "GET /rest/v1/webhooks": { may: USERS },
  "POST /rest/v1/webhooks/verify": { may: USERS, body: { url: "https://10.0.0.1/hook" } },
  "POST /rest/v1/webhooks": { may: USERS, body: { url: "https://10.0.0.1/hook" } },
  "DELETE /rest/v1/webhooks": { may: USERS },
  "POST /rest/v1/webhooks/events": { may: USERS, body: { events: ["trade.paid"] } },
  "POST /rest/v1/webhooks/secret": { may: USERS },
  "GET /rest/v1/webhooks/deliveries": { may: USERS },
  "POST /rest/v1/webhooks/deliveries/{id}/replay": { may: USERS, params: { id: "1" } },
  "GET /rest/v1/api-clients": { may: USERS },
  "POST /rest/v1/api-clients": { may: USERS, body: { name: "Matrix bot" } },
  "DELETE /rest/v1/api-clients/{clientId}": { may: OWNER, ids: { clientId: "spareClient" }, ends: "objects" },

  // Verification (docs/decisions/117-manual-review-queue.md): each user's own check and
  // submissions; the review queue and its documents for staff. Every actor already holds a verified
  // ID (the owner's planted one waits in the queue), so a start is refused as already verified.
  "GET /rest/v1/users/kyc-check": { may: USERS },
  "GET /rest/v1/limits/levels-info": { may: USERS },
  "GET /rest/v1/limits/first-level-limitations": { may: USERS },
  "GET /rest/v1/limits/second-level-limitations": { may: USERS },
  "GET /rest/v1/limits/third-level-limitations": { may: USERS },
  "GET /rest/v1/verification/left-attempt/{type}": { may: USERS, params: { type: "video" } },
  "GET /rest/v1/verification/supported-countries": { may: USERS },
  "GET /rest/v1/verification/document-country": { may: USERS },
  "GET /rest/v1/verification/documents/{documentId}": { may: OWNER, ids: { documentId: "verificationDocument" } },
  "POST /account/verification/start/id": {
    may: USERS,
    body: {
      issue_country_iso3: "USA",
      document_type: "passport",
      first_name_original: "Matrix",
      last_name_original: "Actor",
      document_number: "M1234567",
    },
  },
  // Only the owner's planted verification takes files; it has all three already (409).
  "POST /account/verification/id/{id}/documents": { may: OWNER, ids: { id: "verification" }, upload: {} },
  "POST /account/verification/start/document": {
    may: USERS,
    upload: {
      country_iso3: "USA",
      document_type: "utility_bill",
      city_name: "Springfield",
      address_line_1: "1 Main St",
    },
  },
  // Each user's own video (docs/decisions/119-video-verification.md); the matrix's PNG is not one (422).
  "POST /account/verification/video/upload": { may: USERS, upload: {} },
  // The SumSub-shaped provider (docs/decisions/118-sumsub-provider.md). Its callback's credential is
  // the body's signature, which no actor has: refused for all (401). The matrix runs the built-in
  // manual provider, so no submission has a provider reference to mark pending: not found for all.
  "POST /rest/v3/kyc/verifications/sumsub/callback": {
    may: NOBODY,
    body: {
      type: "applicantReviewed",
      applicantId: "matrix-applicant",
      reviewStatus: "completed",
      reviewResult: { reviewAnswer: "GREEN" },
    },
  },
  "POST /rest/v3/kyc/verifications/sumsub/mark-pending": {
    may: NOBODY,
    body: { verificationReference: "matrix-applicant" },
  },
  "GET /rest/v1/admin/verifications": { may: STAFF, reveals: ["the owner's ID document number"] },
  "GET /rest/v1/admin/verifications/{id}": {
    may: STAFF,
    ids: { id: "verification" },
    reveals: ["the owner's ID document number"],
  },
  "GET /rest/v1/admin/verifications/{id}/documents/{documentId}": {
    may: STAFF,
    ids: { id: "verification", documentId: "verificationDocument" },
  },
  "POST /rest/v1/admin/verifications/{id}/approve": {
    may: STAFF,
    ids: { id: "verification" },
    ends: "objects",
    reveals: ["the owner's ID document number"],
  },
  "POST /rest/v1/admin/verifications/{id}/reject": {
    may: STAFF,
    ids: { id: "verification" },
    body: { reason: "Rejected by the matrix." },
    ends: "objects",
    reveals: ["the owner's ID document number"],
  },
  "POST /rest/v1/admin/verifications/{id}/request-resubmission": {
    may: STAFF,
    ids: { id: "verification" },
    body: { reason: "Sent again by the matrix." },
    ends: "objects",
    reveals: ["the owner's ID document number"],
  },
};

/** The staff roles the operator console's own check calls each /admin route as, plus a plain user. */
export const ADMIN_AREA_ROLES = ["user", "moderator", "supermod", "admin"] as const;
export type AdminAreaRole = (typeof ADMIN_AREA_ROLES)[number];
const REVIEW_STAFF: readonly AdminAreaRole[] = ["moderator", "supermod", "admin"];
const USERS_STAFF: readonly AdminAreaRole[] = ["supermod", "admin"];
const ADMIN_ONLY: readonly AdminAreaRole[] = ["admin"];

/**
 * Who may succeed on every /admin route, by role (admin-area.int.test.ts): the matrix above has no
 * supermod, so the console's routes are also called as user, moderator, supermod and admin. A new
 * /admin route needs a line here too (docs/decisions/125-user-restrictions.md).
 */
export const ADMIN_AREA_ACCESS: Record<string, readonly AdminAreaRole[]> = {
  "GET /rest/v1/admin/audit": USERS_STAFF,
  "GET /rest/v1/admin/users": USERS_STAFF,
  "GET /rest/v1/admin/users/{username}": USERS_STAFF,
  "GET /rest/v1/admin/users/{username}/details": USERS_STAFF,
  "GET /rest/v1/admin/users/{username}/activity": USERS_STAFF,
  "GET /rest/v1/admin/users/{username}/relations": USERS_STAFF,
  "GET /rest/v1/admin/users/{username}/verifications": USERS_STAFF,
  "POST /rest/v1/admin/users/{username}/restrictions": USERS_STAFF,
  "POST /rest/v1/admin/users/{username}/restrictions/{kind}/lift": USERS_STAFF,
  "POST /rest/v1/admin/users/{username}/blocked-actions": USERS_STAFF,
  "POST /rest/v1/admin/users/{username}/blocked-actions/{action}/lift": USERS_STAFF,
  "POST /rest/v1/admin/users/{username}/roles": ADMIN_ONLY,
  "POST /rest/v1/admin/users/{username}/roles/{role}/revoke": ADMIN_ONLY,
  "POST /rest/v1/admin/wallet/deposits": ADMIN_ONLY,
  "POST /rest/v1/admin/wallet/deposits/{id}/confirm": ADMIN_ONLY,
  "POST /rest/v1/admin/wallet/withdrawals/broadcast": ADMIN_ONLY,
  "GET /rest/v1/admin/ledger/verify": ADMIN_ONLY,
  "GET /rest/v1/admin/custody": ADMIN_ONLY,
  "GET /rest/v1/admin/approvals": ADMIN_ONLY,
  "POST /rest/v1/admin/approvals/{id}/approve": ADMIN_ONLY,
  "POST /rest/v1/admin/approvals/{id}/reject": ADMIN_ONLY,
  "POST /rest/v1/admin/ledger/transfers/{id}/reversal": ADMIN_ONLY,
  "POST /rest/v1/admin/users/{username}/two-factor-reset": USERS_STAFF,
  "GET /rest/v1/admin/mail": ADMIN_ONLY,
  "GET /rest/v1/admin/mail/{id}": ADMIN_ONLY,
  "GET /rest/v1/admin/sms": ADMIN_ONLY,
  // Offer moderation (docs/decisions/130-offer-moderation.md): every staff role.
  "GET /rest/v1/admin/offers": REVIEW_STAFF,
  "GET /rest/v1/admin/health": REVIEW_STAFF,
  "POST /rest/v1/admin/offers/{id}/approve": REVIEW_STAFF,
  "POST /rest/v1/admin/offers/{id}/feature": REVIEW_STAFF,
  "POST /rest/v1/admin/offers/{id}/reject": REVIEW_STAFF,
  "POST /rest/v1/admin/offers/{id}/sticky": REVIEW_STAFF,
  // The chargeback queue (docs/decisions/141-chargeback-decisions.md): every staff role.
  "GET /rest/v1/admin/chargebacks": REVIEW_STAFF,
  "GET /rest/v1/admin/chargebacks/{id}": REVIEW_STAFF,
  "POST /rest/v1/admin/chargebacks/{id}/decision": REVIEW_STAFF,
  "GET /rest/v1/admin/site": ADMIN_ONLY,
  "PUT /rest/v1/admin/site/maintenance": ADMIN_ONLY,
  "POST /rest/v1/admin/site/alerts": ADMIN_ONLY,
  "DELETE /rest/v1/admin/site/alerts/{id}": ADMIN_ONLY,
  "PUT /rest/v1/admin/site/flags/{name}": ADMIN_ONLY,
  // The verification review queue (docs/decisions/117-manual-review-queue.md): every staff role.
  "GET /rest/v1/admin/verifications": REVIEW_STAFF,
  "GET /rest/v1/admin/verifications/{id}": REVIEW_STAFF,
  "GET /rest/v1/admin/verifications/{id}/documents/{documentId}": REVIEW_STAFF,
  "POST /rest/v1/admin/verifications/{id}/approve": REVIEW_STAFF,
  "POST /rest/v1/admin/verifications/{id}/reject": REVIEW_STAFF,
  "POST /rest/v1/admin/verifications/{id}/request-resubmission": REVIEW_STAFF,
};
