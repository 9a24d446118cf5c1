import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { createOffer, createTrader } from "../../../test/races/trade-fixtures.ts";
import {
  getCountryByIso,
  getCryptoCurrencyByCode,
  getCurrentRates,
  getFiatCurrencyByCode,
  getFiatCurrencyById,
  getPaymentMethodById,
  getPaymentMethodBySlug,
  listCryptoCurrencies,
} from "./index.ts";
import { cryptoFiatRate } from "./rates.domain.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  return t.client().get(url);
}

function expectInputError(response: { status: number; body: any }, field: string) {
  expect(response.status).toBe(422);
  expect(response.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
  expect(response.body.errors.details[field]).toEqual(expect.arrayContaining([expect.any(String)]));
}

describe("fiat currencies", () => {
  it("lists real currencies with USD as id 144 and the popular codes in meta", async () => {
    const response = await get("/rest/v2/currencies");
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThanOrEqual(40);
    const usd = response.body.data.find((item: any) => item.code === "USD");
    expect(usd).toEqual({
      id: 144,
      code: "USD",
      name: "US Dollar",
      nameLocalized: "US Dollar",
      symbol: "$",
      decimals: 2,
      isPopular: true,
    });
    expect(response.body.data.find((item: any) => item.code === "JPY").decimals).toBe(0);
    expect(response.body.meta.popularCurrencies).toEqual(expect.arrayContaining(["USD", "EUR", "NGN"]));
    expect(response.body.meta.popularCurrencies).not.toContain("JPY");
  });

  it("localizes names by the locale query and falls back to English for untranslated locales", async () => {
    const french = await get("/rest/v2/currencies?locale=fr");
    const usd = french.body.data.find((item: any) => item.code === "USD");
    expect(usd).toMatchObject({ name: "US Dollar", nameLocalized: "Dollar américain" });
    const german = await get("/rest/v2/currencies/EUR?locale=de");
    expect(german.body.data.nameLocalized).toBe("Euro");
  });

  it("finds one currency by code in any case", async () => {
    const response = await get("/rest/v2/currencies/ngn");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ code: "NGN", name: "Nigerian Naira" });
    expect(response.body.meta).toBeNull();
  });

  it("answers an unknown currency with a 404 error envelope", async () => {
    const response = await get("/rest/v2/currencies/XXX");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      errors: { code: "ERROR_CURRENCY_NOT_FOUND", message: expect.any(String), details: null },
    });
  });

  it("refuses a malformed locale with a field error", async () => {
    expectInputError(await get("/rest/v2/currencies?locale=%3Cscript%3E"), "locale");
  });
});

describe("payment methods", () => {
  it("lists methods with the spec's fields", async () => {
    const response = await get("/rest/v2/payment-methods");
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThanOrEqual(40);
    const paypal = response.body.data.find((item: any) => item.slug === "paypal");
    expect(paypal).toEqual({
      id: 13,
      name: "PayPal",
      nameLocalized: "PayPal",
      paymentMethodGroupId: 6,
      groupSlug: "online-transfers",
      categoryId: 3,
      slug: "paypal",
      sellQuantity: 0,
      isBinCodeEnabled: false,
      iconName: "paypal",
      isPopular: true,
      currencyCodes: null,
    });
  });

  it("counts each method's listed sell offers as sellQuantity", async () => {
    // A fresh app: the counts are reused for a minute per process.
    const fresh = await createTestApp();
    try {
      const vendor = await createTrader(fresh, { roles: ["user", "vendor"] });
      await createOffer(vendor, { paymentMethodSlug: "paypal" });
      await createOffer(vendor, { paymentMethodSlug: "paypal" });
      await createOffer(vendor, { type: "buy", paymentMethodSlug: "paypal" });
      const methods = (await fresh.client().get("/rest/v2/payment-methods")).body.data;
      expect(methods.find((item: any) => item.slug === "paypal").sellQuantity).toBe(2);
      expect(methods.find((item: any) => item.slug === "zelle").sellQuantity).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("filters by group slug", async () => {
    const response = await get("/rest/v2/payment-methods?group=gift-cards");
    expect(response.body.data.length).toBeGreaterThan(3);
    for (const method of response.body.data) {
      expect(method).toMatchObject({ groupSlug: "gift-cards", categoryId: 1 });
    }
  });

  it("filters by currency, keeping methods that take any currency", async () => {
    const response = await get("/rest/v2/payment-methods?currency=kes");
    const slugs = response.body.data.map((item: any) => item.slug);
    expect(slugs).toEqual(expect.arrayContaining(["m-pesa", "airtel-money", "bank-transfer", "paypal"]));
    expect(slugs).not.toContain("zelle");
    expect(slugs).not.toContain("upi");
  });

  it("refuses an unknown group or currency as input errors", async () => {
    expectInputError(await get("/rest/v2/payment-methods?group=teleportation"), "group");
    expectInputError(await get("/rest/v2/payment-methods?currency=ZZZ"), "currency");
  });

  it("lists the popular methods", async () => {
    const response = await get("/rest/v2/payment-methods/popular");
    expect(response.status).toBe(200);
    expect(response.body.data.every((item: any) => item.isPopular)).toBe(true);
    expect(response.body.data.map((item: any) => item.slug)).toEqual(
      expect.arrayContaining(["bank-transfer", "m-pesa"]),
    );
  });

  it("lists the groups of the spec", async () => {
    const response = await get("/rest/v2/payment-method-groups?locale=fr");
    expect(response.body.data.map((item: any) => item.slug)).toEqual([
      "bank-transfers",
      "cash-deposits",
      "debitcredit-cards",
      "digital-currencies",
      "gift-cards",
      "online-transfers",
      "mobile-money",
    ]);
    expect(response.body.data[0]).toEqual({
      id: 1,
      slug: "bank-transfers",
      name: "Bank transfers",
      nameLocalized: "Virements bancaires",
    });
  });

  it("finds a method by slug and answers an unknown slug with 404", async () => {
    const found = await get("/rest/v2/payment-methods/visa-gift-card?locale=fr");
    expect(found.body.data).toMatchObject({
      slug: "visa-gift-card",
      isBinCodeEnabled: true,
      nameLocalized: "Carte cadeau Visa",
    });
    const missing = await get("/rest/v2/payment-methods/no-such-method");
    expect(missing.status).toBe(404);
    expect(missing.body.errors.code).toBe("ERROR_PAYMENT_METHOD_NOT_FOUND");
  });
});

describe("countries", () => {
  it("lists every country in v1, Worldwide first, with the spec's fields", async () => {
    const response = await get("/rest/v1/countries");
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThanOrEqual(60);
    expect(response.body.data[0]).toMatchObject({ id: 9999, iso: "YY", iso3: null, name: "Worldwide" });
    const nigeria = response.body.data.find((item: any) => item.iso === "NG");
    expect(nigeria).toEqual({
      id: 566,
      iso: "NG",
      iso3: "NGA",
      name: "Nigeria",
      originalName: "Nigeria",
      nameLocalized: "Nigeria",
      phoneCode: "+234",
      isKycSupported: true,
      isImportant: true,
      isPhoneVerificationSupported: true,
    });
    expect(response.body.meta).toEqual({ total: response.body.data.length, limit: 500, offset: 0 });
  });

  it("pages with limit and offset", async () => {
    const all = await get("/rest/v1/countries");
    const page = await get("/rest/v1/countries?limit=5&offset=3");
    expect(page.body.data.map((item: any) => item.id)).toEqual(all.body.data.slice(3, 8).map((item: any) => item.id));
    expect(page.body.meta).toEqual({ total: all.body.meta.total, limit: 5, offset: 3 });
  });

  it("leaves Worldwide out of v2 unless iso_null is true", async () => {
    const plain = await get("/rest/v2/countries");
    expect(plain.body.data.some((item: any) => item.id === 9999)).toBe(false);
    const withNull = await get("/rest/v2/countries?iso_null=true");
    expect(withNull.body.data[0]).toMatchObject({ id: 9999, iso: "YY" });
    expect(withNull.body.meta.total).toBe(plain.body.meta.total + 1);
    const explicitFalse = await get("/rest/v2/countries?iso_null=0");
    expect(explicitFalse.body.meta.total).toBe(plain.body.meta.total);
  });

  it("filters by kyc and important in both directions", async () => {
    const supported = await get("/rest/v2/countries?kyc=true");
    const unsupported = await get("/rest/v2/countries?kyc=false");
    expect(supported.body.data.every((item: any) => item.isKycSupported)).toBe(true);
    expect(unsupported.body.data.every((item: any) => !item.isKycSupported)).toBe(true);
    expect(unsupported.body.data.map((item: any) => item.iso)).toContain("RU");
    const all = await get("/rest/v2/countries");
    expect(supported.body.meta.total + unsupported.body.meta.total).toBe(all.body.meta.total);
    const important = await get("/rest/v2/countries?important=1&kyc=1");
    expect(important.body.data.length).toBeGreaterThan(5);
    expect(important.body.data.every((item: any) => item.isImportant && item.isKycSupported)).toBe(true);
  });

  it("localizes country names", async () => {
    const response = await get("/rest/v2/countries?locale=fr&limit=500");
    expect(response.body.data.find((item: any) => item.iso === "DE")).toMatchObject({
      name: "Germany",
      originalName: "Germany",
      nameLocalized: "Allemagne",
    });
  });

  it("lists the countries whose phones can be verified", async () => {
    const response = await get("/rest/v2/countries/phone-verification?limit=500&offset=0");
    expect(response.status).toBe(200);
    expect(response.body.data.every((item: any) => item.isPhoneVerificationSupported && item.phoneCode)).toBe(true);
    const isos = response.body.data.map((item: any) => item.iso);
    expect(isos).toContain("NG");
    expect(isos).not.toContain("CN");
    expect(isos).not.toContain("YY");
  });

  it.each([
    ["/rest/v2/countries?limit=abc", "limit"],
    ["/rest/v2/countries?limit=100000", "limit"],
    ["/rest/v2/countries?limit=0", "limit"],
    ["/rest/v2/countries?offset=-1", "offset"],
    ["/rest/v2/countries?kyc=maybe", "kyc"],
    ["/rest/v2/countries?important=yes", "important"],
    ["/rest/v2/countries?iso_null=2", "isoNull"],
    ["/rest/v1/countries?limit=1.5", "limit"],
    ["/rest/v2/countries/phone-verification?offset=x", "offset"],
  ])("answers %s with 422 and a detail for %s", async (url, field) => {
    expectInputError(await get(url), field);
  });
});

describe("crypto currencies and rates", () => {
  it("lists BTC, ETH and USDT with the spec's decimals and their USD price", async () => {
    const response = await get("/rest/v2/wallet/crypto-currencies");
    expect(response.status).toBe(200);
    const [btc, eth, usdt] = response.body.data;
    expect(btc).toEqual({
      id: 1,
      code: "BTC",
      urlParam: "bitcoin",
      fullName: "Bitcoin",
      rate: expect.stringMatching(/^\d+(\.\d+)?$/),
      icon: "btc",
      formattingDecimalsCount: 8,
      shortName: "BTC",
      isStablecoin: false,
      precision: 8,
      fiatPrecision: 2,
      maxPrecision: 8,
      isBlocked: false,
    });
    expect(eth).toMatchObject({ id: 2, code: "ETH", precision: 9 });
    expect(usdt).toMatchObject({ id: 3, code: "USDT", precision: 6, isStablecoin: true });
  });

  it("gives the USD price by code, equal to the current rates", async () => {
    const response = await get("/rest/v2/wallet/crypto-currencies/rates");
    const current = await getCurrentRates(t.db);
    expect(response.body.data).toEqual({
      BTC: current.cryptoUsd.BTC,
      ETH: current.cryptoUsd.ETH,
      USDT: current.cryptoUsd.USDT,
    });
    expect(response.body.meta.asOf).toBe(current.asOf);
  });

  it("prices every crypto currency in every fiat currency from the USD rates", async () => {
    const response = await get("/rest/v2/crypto-fiat-rates?locale=fr");
    expect(response.status).toBe(200);
    const current = await getCurrentRates(t.db);
    const btc = response.body.data.find((item: any) => item.cryptoCurrencyCode === "BTC");
    expect(btc.usdRate).toBe(current.cryptoUsd.BTC);
    expect(btc.rates.length).toBeGreaterThanOrEqual(40);
    const eur = btc.rates.find((rate: any) => rate.fiatCurrencyCode === "EUR");
    expect(eur).toEqual({
      fiatCurrencyCode: "EUR",
      fiatCurrencyName: "Euro",
      fiatRate: cryptoFiatRate(current.cryptoUsd.BTC ?? "", current.fiatPerUsd.EUR ?? "", 2),
    });
    const jpy = btc.rates.find((rate: any) => rate.fiatCurrencyCode === "JPY");
    expect(jpy.fiatRate).toMatch(/^\d+$/);
    const usd = btc.rates.find((rate: any) => rate.fiatCurrencyCode === "USD");
    expect(usd.fiatCurrencyName).toBe("Dollar américain");
  });
});

describe("time zones and languages", () => {
  it("lists time zones with their current UTC offset, west to east", async () => {
    const response = await get("/rest/v1/timezones");
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThan(50);
    expect(response.body.data.find((item: any) => item.name === "Africa/Lagos")).toEqual({
      name: "Africa/Lagos",
      label: "Lagos",
      utcOffset: "+01:00",
    });
    expect(response.body.data[0].utcOffset.startsWith("-")).toBe(true);
  });

  it("lists languages, English and French marked as interface languages", async () => {
    const response = await get("/rest/v1/languages");
    expect(response.body.data.slice(0, 2)).toEqual([
      { code: "en", name: "English", nativeName: "English", isUiSupported: true },
      { code: "fr", name: "French", nativeName: "Français", isUiSupported: true },
    ]);
    expect(response.body.data.length).toBeGreaterThan(20);
  });
});

describe("key casing", () => {
  it("answers in snake_case when asked, leaving currency codes used as keys alone", async () => {
    const countries = await get("/rest/v2/countries?keyCase=snake_case&limit=1");
    expect(countries.body.data[0]).toHaveProperty("name_localized");
    expect(countries.body.data[0]).toHaveProperty("original_name");
    expect(countries.body.data[0]).toHaveProperty("is_phone_verification_supported");
    const methods = await get("/rest/v2/payment-methods/paypal?keyCase=snake_case");
    expect(methods.body.data).toMatchObject({
      payment_method_group_id: 6,
      is_bin_code_enabled: false,
      icon_name: "paypal",
    });
    const rates = await get("/rest/v2/wallet/crypto-currencies/rates?keyCase=snake_case");
    expect(Object.keys(rates.body.data)).toEqual(["BTC", "ETH", "USDT"]);
    const currencies = await get("/rest/v2/currencies?keyCase=snake_case");
    expect(currencies.body.meta).toHaveProperty("popular_currencies");
  });
});

describe("the module's door", () => {
  it("finds fiat currencies by id and code", async () => {
    expect(await getFiatCurrencyById(t.db, 144)).toMatchObject({ id: 144, code: "USD", nameLocalized: "US Dollar" });
    expect(await getFiatCurrencyByCode(t.db, "eur", "fr")).toMatchObject({ code: "EUR", nameLocalized: "Euro" });
    expect(await getFiatCurrencyById(t.db, 1)).toBeNull();
    expect(await getFiatCurrencyById(t.db, 2 ** 40)).toBeNull();
  });

  it("finds a country by ISO code for embedding in other records", async () => {
    expect(await getCountryByIso(t.db, "ng", "fr")).toEqual({
      iso: "NG",
      code: "NG",
      name: "Nigeria",
      nameLocalized: "Nigéria",
    });
    expect(await getCountryByIso(t.db, "YY")).toMatchObject({ iso: "YY", name: "Worldwide" });
    expect(await getCountryByIso(t.db, "QQ")).toBeNull();
  });

  it("gives crypto currencies with decimals and confirmations for the wallet", async () => {
    const list = await listCryptoCurrencies(t.db);
    expect(list.map((item) => [item.id, item.code, item.decimals, item.confirmationsRequired])).toEqual([
      [1, "BTC", 8, 2],
      [2, "ETH", 9, 12],
      [3, "USDT", 6, 12],
    ]);
    expect(await getCryptoCurrencyByCode(t.db, "eth")).toMatchObject({ id: 2, isBlocked: false });
    expect(await getCryptoCurrencyByCode(t.db, "DOGE")).toBeNull();
  });

  it("gives current rates as decimal strings with the dollar at 1", async () => {
    const rates = await getCurrentRates(t.db);
    expect(rates.fiatPerUsd.USD).toBe("1");
    expect(rates.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const value of [...Object.values(rates.cryptoUsd), ...Object.values(rates.fiatPerUsd)]) {
      expect(value).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(Object.keys(rates.fiatPerUsd).length).toBeGreaterThanOrEqual(40);
  });

  it("finds payment methods by slug and id", async () => {
    expect(await getPaymentMethodBySlug(t.db, "m-pesa")).toMatchObject({
      categoryId: 8,
      currencyCodes: ["KES", "TZS"],
    });
    expect(await getPaymentMethodById(t.db, 1)).toMatchObject({ slug: "bank-transfer", groupSlug: "bank-transfers" });
    expect(await getPaymentMethodBySlug(t.db, "nope")).toBeNull();
  });
});

describe("API document", () => {
  it("documents the reference routes with their answers", async () => {
    const doc = (await get("/rest/openapi.json")).body;
    for (const path of [
      "/rest/v2/currencies",
      "/rest/v2/currencies/{code}",
      "/rest/v2/payment-methods/{slug}",
      "/rest/v2/countries",
      "/rest/v2/crypto-fiat-rates",
      "/rest/v2/wallet/crypto-currencies",
      "/rest/v1/timezones",
    ]) {
      expect(doc.paths[path]?.get?.responses?.["200"]).toBeDefined();
    }
    expect(doc.paths["/rest/v2/currencies/{code}"].get.responses["404"]).toBeDefined();
  });
});
