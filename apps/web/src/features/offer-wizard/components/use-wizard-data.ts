import type { Country, Timezone } from "@souk/contracts";
import { useQueries } from "@tanstack/react-query";
import {
  countriesQueryOptions,
  cryptoCurrenciesQueryOptions,
  fiatCurrenciesQueryOptions,
  paymentMethodGroupsQueryOptions,
  paymentMethodsQueryOptions,
  timezonesQueryOptions,
} from "../../../lib/reference-queries.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import type { WizardReference } from "./wizard-reference.ts";

export interface WizardData {
  reference: WizardReference;
  countries: Country[];
  timezones: Timezone[];
}

export type WizardDataState =
  | { status: "pending" }
  | { status: "error"; error: unknown; retry: () => void }
  | { status: "success"; data: WizardData };

/** Everything the wizard's steps are built from, in the page's language. */
export function useWizardData(): WizardDataState {
  const locale = useLocale();
  const results = useQueries({
    queries: [
      cryptoCurrenciesQueryOptions(),
      fiatCurrenciesQueryOptions(locale),
      paymentMethodsQueryOptions(locale),
      paymentMethodGroupsQueryOptions(locale),
      countriesQueryOptions(locale),
      timezonesQueryOptions(),
    ],
  });
  const [crypto, fiat, methods, groups, countries, timezones] = results;
  const failed = results.find((result) => result.isError);
  if (failed) {
    return {
      status: "error",
      error: failed.error,
      retry: () => {
        for (const result of results) if (result.isError) void result.refetch();
      },
    };
  }
  if (!crypto.data || !fiat.data || !methods.data || !groups.data || !countries.data || !timezones.data) {
    return { status: "pending" };
  }
  return {
    status: "success",
    data: {
      reference: {
        cryptoCurrencies: crypto.data,
        fiatCurrencies: fiat.data.currencies,
        popularFiatCodes: fiat.data.popular,
        paymentMethods: methods.data,
        paymentMethodGroups: groups.data,
      },
      countries: countries.data,
      timezones: timezones.data,
    },
  };
}
