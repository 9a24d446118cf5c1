import type { CryptoCurrencyView, WalletBalance } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  cryptoCurrenciesQueryOptions,
  cryptoFiatRatesQueryOptions,
  fiatCurrencyQueryOptions,
} from "../../../lib/reference-queries.ts";
import { fiatValueOf, findFiatRate } from "../model/wallet-money.ts";
import { balancesQueryOptions } from "./wallet-api.ts";

export interface WalletAsset {
  currency: CryptoCurrencyView;
  balance: WalletBalance;
  /** Value of the spendable balance in the user's fiat currency; null without a rate. */
  fiatValue: string | null;
}

/** Balances joined with the reference data: one row per crypto currency, with its fiat value. */
export function useWalletOverview() {
  const balances = useQuery(balancesQueryOptions());
  const currencies = useQuery(cryptoCurrenciesQueryOptions());
  const rates = useQuery(cryptoFiatRatesQueryOptions());
  const fiatCode = balances.data?.meta.fiatCurrencyCode ?? "";
  const fiatCurrency = useQuery(fiatCurrencyQueryOptions(fiatCode));
  const fiatDecimals = fiatCurrency.data?.decimals ?? 2;

  const assets = useMemo((): WalletAsset[] => {
    if (!balances.data || !currencies.data) return [];
    return currencies.data.flatMap((currency) => {
      const balance = balances.data.data.find((item) => item.cryptoCurrencyCode === currency.code);
      if (!balance) return [];
      const rate = findFiatRate(rates.data, currency.code, fiatCode);
      return [{ currency, balance, fiatValue: fiatValueOf(balance.balance, currency.precision, rate, fiatDecimals) }];
    });
  }, [balances.data, currencies.data, rates.data, fiatCode, fiatDecimals]);

  return {
    assets,
    meta: balances.data?.meta ?? null,
    currencies: currencies.data ?? [],
    fiatCode,
    isLoading: balances.isPending || currencies.isPending,
    error: balances.error ?? currencies.error,
    refetch: () => {
      void balances.refetch();
      void currencies.refetch();
    },
  };
}
