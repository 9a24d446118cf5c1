import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { cryptoUsdRatesQueryOptions, fiatPerUsdQueryOptions } from "../../../lib/reference-queries.ts";
import { computePricePreview, cryptoForFiat, type PricePreview } from "../model/price-preview.ts";
import type { WizardFormValues } from "../model/wizard-form.ts";
import { findCrypto, findFiat, type WizardReference } from "./wizard-reference.ts";

export interface PricePreviewState {
  isLoading: boolean;
  /** Null when the pair has no market rate. */
  preview: PricePreview | null;
  fiatDecimals: number;
  cryptoDecimals: number;
  /** The crypto a trade at the maximum limit moves, at the previewed price. */
  cryptoAtMax: string | null;
}

/** The live price of the offer being edited, from the current rates (exact decimals). */
export function usePricePreview(reference: WizardReference): PricePreviewState {
  const [priceType, margin, fixedPrice, cryptoCode, fiatCode, fiatLimitMax] = useWatch<
    WizardFormValues,
    ["priceType", "margin", "fixedPrice", "cryptoCurrencyCode", "fiatCurrencyCode", "fiatLimitMax"]
  >({ name: ["priceType", "margin", "fixedPrice", "cryptoCurrencyCode", "fiatCurrencyCode", "fiatLimitMax"] });
  const cryptoRates = useQuery(cryptoUsdRatesQueryOptions());
  const fiatRates = useQuery(fiatPerUsdQueryOptions());
  const fiatDecimals = findFiat(reference, fiatCode)?.decimals ?? 2;
  const crypto = findCrypto(reference, cryptoCode);
  const cryptoDecimals = crypto?.formattingDecimalsCount ?? crypto?.precision ?? 8;
  if (cryptoRates.isPending || fiatRates.isPending) {
    return { isLoading: true, preview: null, fiatDecimals, cryptoDecimals, cryptoAtMax: null };
  }
  const preview = computePricePreview({
    priceType,
    margin,
    fixedPrice,
    cryptoUsd: cryptoRates.data?.[cryptoCode] ?? null,
    fiatPerUsd: fiatRates.data?.[fiatCode] ?? null,
    fiatDecimals,
  });
  const cryptoAtMax =
    preview?.pricePerCoin && fiatLimitMax !== ""
      ? cryptoForFiat(fiatLimitMax, preview.pricePerCoin, crypto?.precision ?? 8)
      : null;
  return { isLoading: false, preview, fiatDecimals, cryptoDecimals, cryptoAtMax };
}
