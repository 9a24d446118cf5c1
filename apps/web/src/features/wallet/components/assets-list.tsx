import { ActionIcon, Alert, Group, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { formatFiatAmount } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { ArrowDownLeftIcon, ArrowUpRightIcon } from "../../../ui/icons.tsx";
import type { WalletAsset } from "../api/use-wallet-overview.ts";
import { useWalletTexts } from "../i18n/wallet-texts.ts";
import { formatCrypto, isPositiveAmount, scaleOf } from "../model/wallet-money.ts";
import { Sensitive } from "./balance-visibility.tsx";
import { CurrencyIcon } from "./currency-icon.tsx";
import classes from "./wallet.module.css";

export interface AssetsListProps {
  assets: readonly WalletAsset[];
  fiatCode: string;
  isLoading: boolean;
  selectedCode: string;
  onSend: (code: string) => void;
  onReceive: (code: string) => void;
}

function AssetSkeleton() {
  return (
    <li className={classes.assetRow} aria-hidden="true">
      <Skeleton circle height={40} />
      <div>
        <Skeleton height={14} width={90} mb={6} />
        <Skeleton height={12} width={50} />
      </div>
      <div className={classes.assetAmounts}>
        <Skeleton height={14} width={120} mb={6} ml="auto" />
        <Skeleton height={12} width={70} ml="auto" />
      </div>
    </li>
  );
}

/** One row per crypto currency: spendable balance, its fiat value, and what is held elsewhere. */
export function AssetsList({ assets, fiatCode, isLoading, selectedCode, onSend, onReceive }: AssetsListProps) {
  const { t } = useWalletTexts();
  const locale = useLocale();

  return (
    <section className={classes.card} aria-labelledby="wallet-assets-title">
      <Group justify="space-between" mb="sm">
        <Text component="h2" id="wallet-assets-title" className={classes.cardTitle}>
          {t("assets.title")}
        </Text>
      </Group>
      {!isLoading && assets.length === 0 ? (
        <Alert variant="light" color="gray">
          {t("assets.empty")}
        </Alert>
      ) : (
        <ul className={classes.assetList} aria-label={t("assets.listLabel")} data-testid="wallet-assets">
          {isLoading
            ? [0, 1, 2].map((index) => <AssetSkeleton key={index} />)
            : assets.map(({ currency, balance, fiatValue }) => {
                const decimals = currency.precision;
                const held = [
                  { key: "incoming", label: t("assets.incoming"), amount: balance.incomingAmount },
                  { key: "escrow", label: t("assets.escrow"), amount: balance.escrowAmount },
                  { key: "bond", label: t("assets.bond"), amount: balance.bondAmount },
                  { key: "withdrawing", label: t("assets.pendingWithdrawal"), amount: balance.pendingWithdrawalAmount },
                ].filter((item) => isPositiveAmount(item.amount));
                return (
                  <li
                    key={currency.code}
                    className={classes.assetRow}
                    data-selected={currency.code === selectedCode || undefined}
                    data-testid={`wallet-asset-${currency.code}`}
                    aria-label={currency.fullName}
                  >
                    <CurrencyIcon code={currency.code} icon={currency.icon} size={40} />
                    <div className={classes.assetName}>
                      <Text fw={650} lh={1.25}>
                        {currency.fullName}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {currency.code}
                      </Text>
                    </div>
                    <div className={classes.assetAmounts}>
                      <Text fw={650} className={classes.mono} data-testid="wallet-asset-balance">
                        <Sensitive>{formatCrypto(balance.balance, decimals, locale)}</Sensitive>{" "}
                        <span className={classes.unit}>{currency.code}</span>
                      </Text>
                      <Text size="sm" c="dimmed" className={classes.mono}>
                        {fiatValue === null ? (
                          t("assets.noRate")
                        ) : (
                          <Sensitive>{`${formatFiatAmount(fiatValue, locale, scaleOf(fiatValue))} ${fiatCode}`}</Sensitive>
                        )}
                      </Text>
                    </div>
                    <Group gap={6} wrap="nowrap" className={classes.assetActions}>
                      <Tooltip label={t("assets.receive", { code: currency.code })} withArrow>
                        <ActionIcon
                          variant="light"
                          size="lg"
                          radius="xl"
                          aria-label={t("assets.receive", { code: currency.code })}
                          onClick={() => onReceive(currency.code)}
                          disabled={currency.isBlocked}
                        >
                          <ArrowDownLeftIcon size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("assets.send", { code: currency.code })} withArrow>
                        <ActionIcon
                          variant="light"
                          size="lg"
                          radius="xl"
                          aria-label={t("assets.send", { code: currency.code })}
                          onClick={() => onSend(currency.code)}
                          disabled={currency.isBlocked}
                        >
                          <ArrowUpRightIcon size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                    {held.length > 0 ? (
                      <Stack gap={2} className={classes.assetHeld}>
                        {held.map((item) => (
                          <Text key={item.key} size="xs" c="dimmed" data-testid={`wallet-asset-${item.key}`}>
                            {item.label}{" "}
                            <Text span size="xs" fw={600} c="var(--mantine-color-text)" className={classes.mono}>
                              <Sensitive>{formatCrypto(item.amount, decimals, locale)}</Sensitive> {currency.code}
                            </Text>
                            {item.key === "incoming" ? ` · ${t("assets.incomingHint")}` : ""}
                          </Text>
                        ))}
                      </Stack>
                    ) : null}
                  </li>
                );
              })}
        </ul>
      )}
    </section>
  );
}
