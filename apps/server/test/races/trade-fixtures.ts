import { randomBytes } from "node:crypto";
import type { UserRole } from "@souk/contracts";
import { parseAmount } from "@souk/money";
import { sql } from "kysely";
import { afterAll } from "vitest";
import type { Db } from "../../src/db/pool.ts";
import {
  accounts,
  getFeeTotals,
  getOwnerBalances,
  resolveLedgerCurrency,
  transfer,
  withLedgerTx,
} from "../../src/modules/ledger/index.ts";
import { createUser } from "../../src/modules/users/index.ts";
import { hashPassword, sessionlessViewer, type Viewer } from "../../src/platform/index.ts";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient, uniqueName } from "../harness.ts";
import { expectLedgerHolds } from "../ledger-holds.ts";
import { cashSellOfferBody } from "../offer-bodies.ts";

/**
 * Helpers of the trade tests (modules/trades and test/races). They use modules only through
 * their doors: users are created by the users door, funded by a ledger transfer from the world
 * account (as a confirmed deposit would be), and offers are created over the real API.
 */

let passwordHash: Promise<string> | null = null;
let address = 0;

/** A test app that reads the client address from X-Forwarded-For, so each log-in has its own address. */
export function createTradesTestApp(
  overrides: Parameters<typeof createTestApp>[0] = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestApp> {
  return createTestApp({ TRUST_PROXY_HOPS: 1, ...overrides }, options);
}

/**
 * The trades test app of one test file, opened as the file is collected; when the file's tests
 * are done, the ledger's invariants are checked on what they left and the app is closed.
 */
export async function openTradesTestAppForFile(): Promise<TestApp> {
  const t = await createTradesTestApp();
  afterAll(async () => {
    await expectLedgerHolds(t.ownerDb);
    await t.close();
  });
  return t;
}

/**
 * The trades test app of one test file (`openTradesTestAppForFile`) and the file's traders, one
 * per options given, logged in; the first, who sells in the file's trades, holds 100,000 USDT.
 */
export async function openTradersTestApp<Options extends TraderOptions[]>(
  ...options: Options
): Promise<[TestApp, ...{ [K in keyof Options]: TestUser }]> {
  const t = await openTradesTestAppForFile();
  const traders = await Promise.all(options.map((each) => createTrader(t, each)));
  if (traders[0]) await fund(t.db, traders[0].id, "USDT", "100000");
  return [t, ...(traders as { [K in keyof Options]: TestUser })];
}

export interface TestUser {
  id: number;
  username: string;
  client: TestClient;
  viewer: Viewer;
}

interface TraderOptions {
  roles?: UserRole[];
  isIdVerified?: boolean;
  kycLevel?: number;
  countryIso?: string;
  login?: boolean;
}

/** A viewer in good standing, for calling services directly. */
export const viewerFor = sessionlessViewer;

/**
 * A user logged in through the real log-in route. `isIdVerified` and `kycLevel` are set directly
 * (the verification module owns them); the default is an ID-verified user at level 3 so that the
 * trade start limits do not get in the way of tests about something else.
 */
export async function createTrader(t: TestApp, options: TraderOptions = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const username = uniqueName("tr");
  const roles = options.roles ?? ["user"];
  const user = await createUser(t.db, {
    username,
    email: `${username}@example.com`,
    passwordHash: await passwordHash,
    roles,
    emailVerified: true,
    countryIso: options.countryIso ?? "US",
  });
  await sql`UPDATE users SET id_verified_at = ${options.isIdVerified === false ? null : new Date()},
    kyc_level = ${options.kycLevel ?? 3} WHERE id = ${user.id}`.execute(t.ownerDb);
  const client = t.client();
  if (options.login !== false) {
    address += 1;
    const response = await client.post(
      "/rest/v1/auth/login",
      { login: username, password: TEST_PASSWORD },
      { headers: { "x-forwarded-for": `10.88.${Math.floor(address / 250) % 250}.${(address % 250) + 1}` } },
    );
    if (response.status !== 200) throw new Error(`test log-in failed: ${response.status} ${response.text}`);
    client.user = { id: user.id, username, email: `${username}@example.com`, password: TEST_PASSWORD };
  }
  return {
    id: user.id,
    username,
    client,
    viewer: viewerFor(user.id, username, ["user", ...roles.filter((r) => r !== "user")]),
  };
}

/** Credits a user's available balance from the world account (a deposit), in whole-unit decimals. */
export async function fund(db: Db, userId: number, code: string, amount: string): Promise<void> {
  const currency = await resolveLedgerCurrency(db, code);
  await withLedgerTx(db, (tx) =>
    transfer(tx, {
      idempotencyKey: `test-fund:${randomBytes(12).toString("hex")}`,
      kind: "deposit",
      currencyId: currency.id,
      legs: [
        { from: accounts.world(), to: accounts.available(userId), amountMinor: parseAmount(amount, currency.decimals) },
      ],
    }),
  );
}

/** Minor units per account kind of one user and currency. */
export async function balancesOf(db: Db, userId: number, code: string): Promise<{ available: bigint; escrow: bigint }> {
  const currency = await resolveLedgerCurrency(db, code);
  const rows = await getOwnerBalances(db, userId);
  const out = { available: 0n, escrow: 0n };
  for (const row of rows) {
    if (row.currencyId !== currency.id) continue;
    if (row.kind === "available") out.available = row.balanceMinor;
    if (row.kind === "escrow") out.escrow = row.balanceMinor;
  }
  return out;
}

/** What the platform's fee accounts hold in one currency, in minor units. */
export async function feesHeld(db: Db, code: string): Promise<bigint> {
  const currency = await resolveLedgerCurrency(db, code);
  return (await getFeeTotals(db)).find((row) => row.currencyId === currency.id)?.totalMinor ?? 0n;
}

export interface OfferOverrides {
  type?: "buy" | "sell";
  cryptoCurrencyCode?: string;
  fiatCurrencyCode?: string;
  paymentMethodSlug?: string;
  priceType?: "margin" | "fixed";
  margin?: string;
  fixedPrice?: string | null;
  fiatLimitMin?: string;
  fiatLimitMax?: string;
  /** Only buyers with a verified ID may start a trade on it. */
  requireVerifiedId?: boolean;
  [key: string]: unknown;
}

/** An offer through the real API: by default the cash USDT sell offer at 1 USD (offer-bodies.ts). */
export async function createOffer(owner: TestUser, overrides: OfferOverrides = {}): Promise<string> {
  const response = await owner.client.post("/rest/v1/offers", { ...cashSellOfferBody(), ...overrides });
  if (response.status !== 200) throw new Error(`offer creation failed: ${response.status} ${response.text}`);
  return response.body.data.idHashed as string;
}

/** The vendor bond a buy offer needs (wallet door, over the real API): funds it and deposits it. */
export async function depositBond(db: Db, owner: TestUser, code = "USDT"): Promise<void> {
  await fund(db, owner.id, code, code === "USDT" ? "100" : code === "BTC" ? "0.001" : "0.03");
  const response = await owner.client.post("/wallet/deposit-bond", { cryptoCurrencyCode: code });
  if (response.status !== 200) throw new Error(`bond deposit failed: ${response.status} ${response.text}`);
}

/** Moves every open trade's clock back: its start and payment window end `seconds` earlier. */
export async function advanceTradeClock(ownerDb: Db, seconds: number, tradeIdHashed?: string): Promise<void> {
  await sql`UPDATE trades SET started_at = started_at - make_interval(secs => ${seconds}),
      expires_at = expires_at - make_interval(secs => ${seconds}),
      paid_at = paid_at - make_interval(secs => ${seconds})
    WHERE status IN ('active_funded', 'paid', 'dispute_open')
      ${tradeIdHashed ? sql`AND id_hashed = ${tradeIdHashed}` : sql``}`.execute(ownerDb);
}

/** A barrier: resolves every waiter at once when `count` have arrived. */
export function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived >= count) release();
    await gate;
  };
}

export { expectLedgerHolds };
