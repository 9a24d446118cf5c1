import type { CryptoCurrencyView, PaymentMethod, PaymentMethodGroup } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { defaultFilters } from "./listing-filters.ts";
import { resolveSelection } from "./resolve-selection.ts";

const cryptos = [
  { code: "BTC", urlParam: "bitcoin" },
  { code: "USDT", urlParam: "tether" },
] as CryptoCurrencyView[];
const methods = [
  { slug: "paypal", groupSlug: "online-transfers" },
  { slug: "sepa", groupSlug: "bank-transfers" },
] as PaymentMethod[];
const groups = [{ slug: "bank-transfers" }, { slug: "gift-cards" }] as PaymentMethodGroup[];
const { side: _side, ...query } = defaultFilters;

describe("resolving the listing path", () => {
  it("takes a coin by url parameter or code and a method or group slug", () => {
    const selection = {
      side: "buy" as const,
      cryptoToken: "bitcoin",
      methodToken: "sepa",
      impliedGroup: null,
      isLandingSlug: false,
    };
    expect(resolveSelection(selection, query, { cryptos, methods, groups })).toMatchObject({
      status: "ready",
      filters: { crypto: "BTC", paymentMethod: "sepa", group: null },
    });
    expect(
      resolveSelection({ ...selection, cryptoToken: "usdt", methodToken: "bank-transfers" }, query, {
        cryptos,
        methods,
        groups,
      }),
    ).toMatchObject({ status: "ready", filters: { crypto: "USDT", paymentMethod: null, group: "bank-transfers" } });
  });

  it("waits for the lists it needs and names what it does not know", () => {
    const selection = {
      side: "sell" as const,
      cryptoToken: "dogecoin",
      methodToken: null,
      impliedGroup: null,
      isLandingSlug: false,
    };
    expect(resolveSelection(selection, query, { cryptos: undefined, methods, groups })).toEqual({ status: "pending" });
    expect(resolveSelection(selection, query, { cryptos, methods, groups })).toEqual({
      status: "unknown",
      what: "crypto",
      token: "dogecoin",
    });
  });

  it("reads a landing slug by its longest known method and a gift card route by its group", () => {
    expect(
      resolveSelection(
        { side: "buy", cryptoToken: "bitcoin", methodToken: "paypal-usa", impliedGroup: null, isLandingSlug: true },
        query,
        { cryptos, methods, groups },
      ),
    ).toMatchObject({ status: "ready", filters: { paymentMethod: "paypal" } });
    expect(
      resolveSelection(
        { side: "buy", cryptoToken: null, methodToken: null, impliedGroup: "gift-cards", isLandingSlug: false },
        query,
        { cryptos, methods, groups },
      ),
    ).toMatchObject({ status: "ready", filters: { group: "gift-cards" } });
  });
});
