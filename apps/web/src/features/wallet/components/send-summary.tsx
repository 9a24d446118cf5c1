import { Skeleton, Text } from "@mantine/core";
import type { WalletSendInfo } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import { useLocale } from "../../../lib/use-locale.ts";
import { useWalletTexts } from "../i18n/wallet-texts.ts";
import { formatCrypto, type SendMode, type SendSummary } from "../model/wallet-money.ts";
import classes from "./wallet.module.css";

export interface SendSummaryRowsProps {
  code: string;
  decimals: number;
  mode: SendMode;
  sendInfo: WalletSendInfo | undefined;
  summary: SendSummary | null;
  /** The form shows the balance and the day's limit; the confirmation shows the amount instead. */
  variant: "form" | "confirm";
}

/** What a send costs and leaves: fee, total debited, remaining balance. Exact, in minor units. */
export function SendSummaryRows({ code, decimals, mode, sendInfo, summary, variant }: SendSummaryRowsProps) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  if (!sendInfo) {
    return (
      <div className={classes.summary} aria-hidden="true">
        <Skeleton height={14} my={6} />
        <Skeleton height={14} my={6} />
        <Skeleton height={14} my={6} />
      </div>
    );
  }
  const show = (minor: bigint) => `${formatCrypto(formatAmount(minor, decimals), decimals, locale)} ${code}`;
  const showText = (amount: string) => `${formatCrypto(amount, decimals, locale)} ${code}`;
  const isOverdrawn = summary !== null && summary.remainingMinor < 0n;
  const rows: { key: string; label: string; value: string; strong?: boolean; danger?: boolean }[] = [];
  if (variant === "form")
    rows.push({ key: "available", label: t("send.available"), value: showText(sendInfo.balance) });
  if (variant === "confirm" && summary)
    rows.push({ key: "amount", label: t("send.confirmAmount"), value: show(summary.amountMinor) });
  rows.push({
    key: "fee",
    label: t("send.networkFee"),
    value: mode === "address" ? showText(sendInfo.networkFee) : t("send.free"),
  });
  rows.push({
    key: "total",
    label: t("send.totalDebited"),
    value: summary ? show(summary.totalMinor) : "—",
    strong: true,
  });
  // An amount above the balance leaves no "remaining balance": it is said in words, never as a
  // negative balance.
  rows.push({
    key: "remaining",
    label: t("send.remaining"),
    value: summary ? (isOverdrawn ? t("send.overdrawn") : show(summary.remainingMinor)) : "—",
    danger: isOverdrawn,
  });
  if (variant === "form") {
    rows.push({ key: "today", label: t("send.remainingToday"), value: showText(sendInfo.remainingToday) });
    if (mode === "address")
      rows.push({ key: "minimum", label: t("send.minWithdrawal"), value: showText(sendInfo.minWithdrawal) });
  }
  return (
    <dl className={classes.summary} data-testid={`wallet-send-summary-${variant}`}>
      {rows.map((row) => (
        <div key={row.key} className={classes.summaryRow} data-testid={`wallet-send-${row.key}`}>
          <Text component="dt" size="sm" c="dimmed">
            {row.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            fw={row.strong ? 700 : 550}
            c={row.danger ? "red" : undefined}
            className={classes.mono}
          >
            {row.value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
