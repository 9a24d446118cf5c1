import { type OfferDraft, TRADE_KYC_LIMITS_USD } from "@souk/contracts";
import { parseAmount } from "@souk/money";
import { withTx } from "../../db/pool.ts";
import type { SeedContext } from "../../platform/index.ts";
import { newPublicId } from "../../platform/index.ts";
import { accounts, transfer, withLedgerTx } from "../ledger/index.ts";
import { BOND_AMOUNTS, getBondStatus } from "../wallet/index.ts";
import { syncOfferBondState } from "./bond-held-offers.service.ts";
import { getCatalog, getMarket } from "./catalog.service.ts";
import { refreshFunding } from "./maintenance.service.ts";
import { rowOf } from "./offer-shape.domain.ts";
import { DRAFT_DEFAULTS, isKnownTimezone, validateDraft, zoneOffsetMinutes } from "./offers.domain.ts";
import * as repo from "./offers.repo.ts";
import { computeOfferPrices } from "./pricing.domain.ts";

/** A small deterministic generator (mulberry32): the same demo market on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface VendorPlan {
  username: string;
  timezone: string;
  /** Fiat currency and the payment methods used with it. */
  markets: { fiat: string; methods: string[] }[];
  city: string | null;
  countryIso: string;
}

const VENDORS: VendorPlan[] = [
  {
    username: "alice",
    timezone: "America/New_York",
    countryIso: "US",
    city: "New York",
    markets: [
      {
        fiat: "USD",
        methods: ["zelle", "cash-app", "venmo", "paypal", "ach-transfer", "amazon-gift-card", "itunes-gift-card"],
      },
    ],
  },
  {
    username: "carol",
    timezone: "Africa/Lagos",
    countryIso: "NG",
    city: "Lagos",
    markets: [
      { fiat: "NGN", methods: ["bank-transfer", "domestic-wire-transfer", "cash-in-person"] },
      { fiat: "USD", methods: ["amazon-gift-card", "steam-gift-card", "itunes-gift-card"] },
    ],
  },
  {
    username: "dave",
    timezone: "Asia/Kolkata",
    countryIso: "IN",
    city: "Mumbai",
    markets: [{ fiat: "INR", methods: ["upi", "imps-transfer", "paytm", "bank-transfer"] }],
  },
  {
    username: "erin",
    timezone: "Europe/Berlin",
    countryIso: "DE",
    city: "Berlin",
    markets: [
      { fiat: "EUR", methods: ["sepa", "wise", "revolut", "paypal"] },
      { fiat: "USD", methods: ["wise", "paypal"] },
    ],
  },
  {
    username: "frank",
    timezone: "America/Sao_Paulo",
    countryIso: "BR",
    city: "São Paulo",
    markets: [{ fiat: "BRL", methods: ["pix", "bank-transfer", "cash-deposit"] }],
  },
  {
    username: "grace",
    timezone: "Africa/Nairobi",
    countryIso: "KE",
    city: "Nairobi",
    markets: [{ fiat: "KES", methods: ["m-pesa", "airtel-money", "bank-transfer"] }],
  },
  {
    username: "heidi",
    timezone: "Europe/Paris",
    countryIso: "FR",
    city: "Paris",
    markets: [
      { fiat: "EUR", methods: ["sepa", "revolut", "cash-in-person"] },
      { fiat: "GBP", methods: ["faster-payments", "wise", "revolut"] },
    ],
  },
  {
    username: "ivan",
    timezone: "America/Mexico_City",
    countryIso: "MX",
    city: "Mexico City",
    markets: [{ fiat: "MXN", methods: ["spei", "cash-deposit", "bank-transfer"] }],
  },
  {
    username: "judy",
    timezone: "Asia/Manila",
    countryIso: "PH",
    city: "Manila",
    markets: [{ fiat: "PHP", methods: ["gcash", "bank-transfer", "paypal"] }],
  },
];

const TERMS = [
  "Send the exact amount and upload your receipt in the chat. I release as soon as the payment shows.",
  "First trade with me? Say hi in the chat before paying. Payments from third parties are refused.",
  "Fast release during my working hours. Please include the trade code in the payment reference.",
  "Only pay from an account in your own name. Name mismatch means the trade is cancelled.",
  "I am online most of the day. Read the terms before starting; no negotiation outside escrow.",
];
const DETAILS = [
  "Account details are shared in the chat after the trade starts.",
  "Keep the payment receipt until the crypto is released.",
  "Bank holidays may slow confirmations by a few hours.",
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * A limit in the fiat's units near a USD amount, rounded to a figure people type. A maximum rounds
 * down, so an offer's maximum never passes the USD amount it was planned at.
 */
function niceLimit(usd: number, fiatPerUsd: number, rounding: "nearest" | "down" = "nearest"): string {
  const raw = usd * fiatPerUsd;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(raw)) - 1);
  const round = rounding === "down" ? Math.floor : Math.round;
  return String(Math.max(1, round(raw / magnitude) * magnitude));
}

/**
 * Demo offers stay within what an unverified user may trade at once (TRADE_KYC_LIMITS_USD's first
 * tier), so a newcomer can take any of them up to its maximum.
 */
const DEMO_MAX_USD = Number(TRADE_KYC_LIMITS_USD[0]?.perTrade ?? "1000");

/**
 * A lively demo market: about ten offers for each demo vendor across BTC, ETH and USDT, both sides,
 * their home currencies and payment methods. A vendor who already has offers is left alone, so
 * running the seed again adds nothing.
 */
export async function seedDemoOffers(context: SeedContext): Promise<void> {
  const [catalog, market] = await Promise.all([getCatalog(context.db), getMarket(context.db)]);
  const random = seededRandom(20_261_120);
  let created = 0;
  for (const vendor of VENDORS) {
    const userId = context.users.get(vendor.username);
    // The generator advances the same way whether a vendor is seeded or skipped.
    const plans = planVendorOffers(vendor, random);
    if (userId === undefined || (await repo.ownerHasOffers(context.db, userId))) continue;
    if (plans.some((plan) => plan.type === "buy")) await seedDemoBond(context.db, userId);
    await withTx(context.db, async (tx) => {
      for (const plan of plans) {
        const fiatPerUsd = market.fiatPerUsd[plan.fiat];
        const cryptoUsd = market.cryptoUsd[plan.crypto];
        if (fiatPerUsd === undefined || cryptoUsd === undefined) continue;
        const draft = draftOfPlan(plan, vendor, { fiatPerUsd, cryptoUsd });
        const crypto = catalog.cryptoByCode.get(draft.cryptoCurrencyCode);
        const fiat = catalog.fiatByCode.get(draft.fiatCurrencyCode);
        const method = catalog.methodBySlug.get(draft.paymentMethodSlug);
        if (!crypto || !fiat || !method) continue;
        const errors = validateDraft(draft, {
          crypto: { id: crypto.id, code: crypto.code, isBlocked: crypto.isBlocked },
          fiat: { id: fiat.id, code: fiat.code, decimals: fiat.decimals },
          paymentMethod: { ...method },
          hasMarketRate: true,
          isKnownCountry: (iso) => catalog.countryByIso.has(iso),
          isKnownTimezone,
          features: { offerCap: true, manualEscrowFee: true, offRamp: false, bazaar: false },
        });
        // Demo data that breaks the offer rules would be a bug here, not something to hide.
        if (Object.keys(errors).length > 0) throw new Error(`demo offer invalid: ${JSON.stringify(errors)}`);
        const inserted = await repo.insertOffer(tx, {
          ...rowOf(
            draft,
            { cryptoId: crypto.id, fiatId: fiat.id, paymentMethodId: method.id, groupId: method.groupId },
            { zoneOffset: zoneOffsetMinutes(draft.timezone, new Date()), fiatPerUsd },
          ),
          id_hashed: newPublicId(),
          user_id: BigInt(userId),
        });
        if (inserted) await refreshFunding(tx, { catalog, market }, { offerId: inserted.id });
        created += 1;
      }
      await syncOfferBondState(tx, userId);
    });
  }
  context.print(`demo offers: ${created} created`);
}

/**
 * Demo vendors publish buy offers, which need a bond (bond-held-offers.service.ts): the seed deposits one in
 * USDT from their demo balance, through the ledger exactly as POST /wallet/deposit-bond does, under
 * a fixed idempotency key so seeding again moves nothing.
 */
async function seedDemoBond(db: SeedContext["db"], userId: number): Promise<boolean> {
  const status = await getBondStatus(db, userId);
  if (!status.isBondInsufficient) return false;
  const catalog = await getCatalog(db);
  const usdt = catalog.cryptoByCode.get("USDT");
  const amount = BOND_AMOUNTS.USDT;
  const option = status.options.find((item) => item.cryptoCurrencyCode === "USDT");
  if (!usdt || amount === undefined || !option?.isAvailable) return false;
  await withLedgerTx(db, (tx) =>
    transfer(tx, {
      idempotencyKey: `bond:u${userId}:deposit:demo-offers-seed`,
      kind: "bond_deposit",
      currencyId: usdt.id,
      legs: [
        {
          from: accounts.available(userId),
          to: accounts.bond(userId),
          amountMinor: parseAmount(amount, usdt.decimals),
        },
      ],
    }),
  );
  return true;
}

interface OfferPlan {
  type: "buy" | "sell";
  crypto: string;
  fiat: string;
  method: string;
  marginHundredths: number;
  isFixed: boolean;
  minUsd: number;
  maxUsd: number;
  isPredefined: boolean;
  terms: string;
  details: string;
  withDutyHours: boolean;
  requireVerifiedId: boolean;
  minPastTrades: number;
  paymentWindow: number;
  isActive: boolean;
  tagRoll: number;
}

function planVendorOffers(vendor: VendorPlan, random: () => number): OfferPlan[] {
  const count = 9 + Math.floor(random() * 4);
  const plans: OfferPlan[] = [];
  for (let index = 0; index < count; index += 1) {
    const market = pick(random, vendor.markets);
    const roll = random();
    const crypto = roll < 0.5 ? "BTC" : roll < 0.8 ? "USDT" : "ETH";
    const type = random() < 0.6 ? "sell" : "buy";
    const method = pick(random, market.methods);
    const isGiftCard = method.endsWith("gift-card");
    // Sellers ask above the market, buyers bid around or below it; gift cards carry a premium.
    const marginHundredths =
      type === "sell"
        ? Math.round((isGiftCard ? 800 + random() * 2200 : 50 + random() * 650) / 5) * 5
        : Math.round((isGiftCard ? -1500 + random() * 1000 : -450 + random() * 500) / 5) * 5;
    const minUsd = pick(random, [10, 20, 25, 50, 100]);
    plans.push({
      type,
      crypto,
      fiat: market.fiat,
      method,
      marginHundredths,
      isFixed: random() < 0.12,
      minUsd,
      maxUsd: Math.min(minUsd * pick(random, [10, 20, 40, 100]), DEMO_MAX_USD),
      isPredefined: isGiftCard && random() < 0.6,
      terms: pick(random, TERMS),
      details: pick(random, DETAILS),
      withDutyHours: random() < 0.2,
      requireVerifiedId: random() < 0.15,
      minPastTrades: random() < 0.2 ? pick(random, [1, 3, 5, 10]) : 0,
      paymentWindow: pick(random, [30, 30, 45, 60, 90]),
      isActive: random() < 0.92,
      tagRoll: random(),
    });
  }
  return plans;
}

function wholePrice(margin: string, rates: { fiatPerUsd: string; cryptoUsd: string }): string {
  const price = computeOfferPrices({
    priceType: "margin",
    margin,
    fixedPrice: null,
    cryptoUsd: rates.cryptoUsd,
    fiatPerUsd: rates.fiatPerUsd,
    btcUsd: rates.cryptoUsd,
    fiatDecimals: 0,
  }).fiatPricePerCrypto;
  return price === "0" ? "1" : price;
}

function draftOfPlan(
  plan: OfferPlan,
  vendor: VendorPlan,
  rates: { fiatPerUsd: string; cryptoUsd: string },
): OfferDraft {
  const fiatPerUsd = Number(rates.fiatPerUsd);
  const min = niceLimit(plan.minUsd, fiatPerUsd);
  const max = niceLimit(plan.maxUsd, fiatPerUsd, "down");
  const margin = (plan.marginHundredths / 100).toFixed(2);
  const isGiftCard = plan.method.endsWith("gift-card");
  const isCash = plan.method.startsWith("cash");
  const tags = isGiftCard
    ? plan.tagRoll < 0.5
      ? ["e-code-accepted", "receipt-required"]
      : ["physical-card"]
    : isCash
      ? ["no-id-needed"]
      : plan.tagRoll < 0.3
        ? ["no-third-party", "guided-trade"]
        : plan.tagRoll < 0.6
          ? ["no-vpn"]
          : ["instant-release", "beginner-friendly"];
  const predefined = plan.isPredefined
    ? [min, niceLimit(plan.minUsd * 2, fiatPerUsd), niceLimit(plan.minUsd * 5, fiatPerUsd)]
    : [];
  return {
    ...DRAFT_DEFAULTS,
    type: plan.type,
    cryptoCurrencyCode: plan.crypto,
    fiatCurrencyCode: plan.fiat,
    paymentMethodSlug: plan.method,
    // Some vendors fix a price: today's price at their margin, in whole units of the fiat.
    priceType: plan.isFixed ? "fixed" : "margin",
    margin,
    fixedPrice: plan.isFixed ? wholePrice(margin, rates) : null,
    rangeType: plan.isPredefined ? "predefined" : "min_max",
    fiatLimitMin: min,
    fiatLimitMax: max,
    predefinedAmounts: [...new Set(predefined)].filter((amount) => Number(amount) <= Number(max)),
    paymentWindowMinutes: plan.paymentWindow,
    offerTerms: plan.terms,
    tradeDetails: plan.details,
    label: isGiftCard ? "Codes & cards" : "",
    tags: [...tags],
    requireMinPastTrades: plan.minPastTrades,
    requireVerifiedId: plan.requireVerifiedId,
    dutyHours: plan.withDutyHours
      ? [1, 2, 3, 4, 5].map((day) => ({ day, startTime: "08:00", endTime: "22:00", active: true }))
      : [],
    timezone: vendor.timezone,
    location: isCash ? { city: vendor.city, subdivision: null, countryIso: vendor.countryIso } : null,
    isActive: plan.isActive,
    availableIn: [],
    binCodes: [],
    cardRegions: isGiftCard && plan.fiat === "USD" ? ["us"] : [],
  } as OfferDraft;
}
