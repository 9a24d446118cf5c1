import { Text } from "@mantine/core";
import type { MyOffer } from "@souk/contracts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import classes from "./my-offers.module.css";
import { formatLimit, formatPercent, formatPrice } from "./offer-format.ts";

/** The offer's figures: price, limits, fee and, when set, the offer cap. */
export function MyOfferStats({ offer, discountedEscrowFee }: { offer: MyOffer; discountedEscrowFee: string | null }) {
  const { t } = useMyOffersTexts();
  const locale = useLocale();
  return (
    <dl className={classes.stats}>
      <div>
        <dt>{t("card.price")}</dt>
        <dd>
          <span className={classes.figure}>
            {formatPrice(offer.fiatPricePerCrypto, locale)} {offer.fiatCurrencyCode}
          </span>
          <Text span size="xs" c="dimmed" display="block">
            {offer.priceType === "fixed"
              ? t("card.fixedValue")
              : offer.margin.startsWith("-")
                ? t("card.marginBelow", { value: formatPercent(offer.margin.slice(1), locale) })
                : /[1-9]/.test(offer.margin)
                  ? t("card.marginValue", { value: formatPercent(offer.margin, locale) })
                  : t("card.marginAt")}
          </Text>
        </dd>
      </div>
      <div>
        <dt>{t("card.limits")}</dt>
        <dd>
          <span className={classes.figure}>
            {offer.rangeType === "predefined" && offer.predefinedAmounts.length > 0
              ? offer.predefinedAmounts.map((amount) => formatLimit(amount, locale)).join(" · ")
              : `${formatLimit(offer.fiatLimitMin, locale)} – ${formatLimit(offer.fiatLimitMax, locale)}`}
          </span>
          <Text span size="xs" c="dimmed" display="block">
            {offer.fiatCurrencyCode}
          </Text>
        </dd>
      </div>
      <div>
        <dt>{t("card.fee")}</dt>
        <dd>
          <span className={classes.figure}>{formatPercent(discountedEscrowFee ?? offer.offerFee, locale)} %</span>
          <Text span size="xs" c="dimmed" display="block">
            {discountedEscrowFee !== null
              ? t("card.feeDiscounted", { fee: formatPercent(offer.offerFee, locale) })
              : offer.manualEscrowFee !== null
                ? t("card.feeManual")
                : t("card.feeDefault")}
          </Text>
        </dd>
      </div>
      {offer.offerCap?.amount ? (
        <div>
          <dt>{t("card.cap")}</dt>
          <dd>
            <span className={classes.figure}>
              {formatLimit(offer.offerCap.used, locale)} / {formatLimit(offer.offerCap.amount, locale)}
            </span>
            <Text span size="xs" c="dimmed" display="block">
              {offer.offerCap.active ? t("card.capActive") : t("card.capInactive")}
            </Text>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
