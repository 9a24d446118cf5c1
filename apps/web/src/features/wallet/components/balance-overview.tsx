import { ActionIcon, Button, Group, Skeleton, Text, Tooltip } from "@mantine/core";
import type { WalletBalancesMeta } from "@souk/contracts";
import { formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { ArrowDownLeftIcon, ArrowUpRightIcon, EyeIcon, EyeOffIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { useWalletTexts } from "../i18n/wallet-texts.ts";
import { scaleOf } from "../model/wallet-money.ts";
import { Sensitive, useBalanceVisibility } from "./balance-visibility.tsx";
import classes from "./wallet.module.css";

export interface BalanceOverviewProps {
  meta: WalletBalancesMeta | null;
  isLoading: boolean;
  hasError: boolean;
  onRetry: () => void;
  onSend?: (() => void) | undefined;
  onReceive?: (() => void) | undefined;
}

/** The total of the spendable balances in the user's fiat currency, with the hide switch. */
export function BalanceOverview({ meta, isLoading, hasError, onRetry, onSend, onReceive }: BalanceOverviewProps) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const { isHidden, toggle } = useBalanceVisibility();
  const toggleLabel = isHidden ? t("overview.showBalances") : t("overview.hideBalances");

  return (
    <section className={classes.totalCard} aria-labelledby="wallet-total-label" data-testid="wallet-total">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id="wallet-total-label" className={classes.totalLabel}>
            {t("overview.totalLabel")}
          </Text>
          {hasError ? null : isLoading || !meta ? (
            <Skeleton height={44} width={220} mt={8} radius="md" className={classes.totalSkeleton} />
          ) : (
            <p className={classes.totalAmount} data-testid="wallet-total-amount">
              <Sensitive>
                {formatFiatAmount(meta.totalBalance, locale, Math.max(2, scaleOf(meta.totalBalance)))}
              </Sensitive>{" "}
              <span className={classes.totalCode}>{meta.fiatCurrencyCode}</span>
            </p>
          )}
        </div>
        <Tooltip label={toggleLabel} withArrow>
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            className={classes.totalToggle}
            onClick={toggle}
            aria-label={toggleLabel}
            aria-pressed={isHidden}
            data-testid="wallet-hide-balances"
          >
            {isHidden ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </ActionIcon>
        </Tooltip>
      </Group>

      {hasError ? (
        <LoadError mt="md" title={t("overview.loadError")} retryLabel={t("overview.retry")} onRetry={onRetry} />
      ) : (
        <Text className={classes.totalHint}>
          {meta?.ratesAsOf
            ? `${t("overview.totalHint")} · ${t("overview.ratesAsOf", { date: formatDate(meta.ratesAsOf, locale) })}`
            : t("overview.totalHint")}
          {meta && meta.missingRates.length > 0
            ? ` · ${t("overview.missingRates", { codes: meta.missingRates.join(", ") })}`
            : ""}
        </Text>
      )}

      {onSend || onReceive ? (
        <Group gap="sm" mt="lg" className={classes.totalActions}>
          {onSend ? (
            <Button
              onClick={onSend}
              variant="white"
              color="dark"
              leftSection={<ArrowUpRightIcon size={18} />}
              className={classes.totalButton}
            >
              {t("overview.send")}
            </Button>
          ) : null}
          {onReceive ? (
            <Button
              onClick={onReceive}
              variant="white"
              color="dark"
              leftSection={<ArrowDownLeftIcon size={18} />}
              className={classes.totalButton}
            >
              {t("overview.receive")}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </section>
  );
}
