import { Anchor, Badge, Button, Group, Pagination, Select, Skeleton, Text, TextInput } from "@mantine/core";
import {
  type CryptoCurrencyView,
  DEFAULT_PAGE_SIZE,
  WALLET_TRANSACTION_TYPES,
  type WalletTransaction,
  type WalletTransactionType,
} from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import {
  ArrowDownLeftIcon,
  ArrowUpRightIcon,
  BondIcon,
  CorrectionIcon,
  FeeIcon,
  ListIcon,
  SwapIcon,
} from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { type TransactionFilters, transactionsQueryOptions } from "../api/wallet-api.ts";
import { translateWalletMessage, useWalletTexts } from "../i18n/wallet-texts.ts";
import { historyTitleOf, shortenMiddle, statusColors } from "../model/history-labels.ts";
import { formatCrypto } from "../model/wallet-money.ts";
import { Sensitive } from "./balance-visibility.tsx";
import classes from "./wallet.module.css";

interface Filters {
  cryptoCurrencyCode: string;
  type: WalletTransactionType | "";
  from: string;
  to: string;
}

const emptyFilters: Filters = { cryptoCurrencyCode: "", type: "", from: "", to: "" };

function typeIcon(item: WalletTransaction): ReactNode {
  switch (item.type) {
    case "fee":
      return <FeeIcon size={18} />;
    case "bond":
      return <BondIcon size={18} />;
    case "trade_escrow":
    case "trade_release":
      return <SwapIcon size={18} />;
    case "offer_bid":
      return <BondIcon size={18} />;
    case "correction":
      return <CorrectionIcon size={18} />;
    default:
      return item.direction === "in" ? <ArrowDownLeftIcon size={18} /> : <ArrowUpRightIcon size={18} />;
  }
}

function HistoryItem({ item, currency }: { item: WalletTransaction; currency: CryptoCurrencyView | undefined }) {
  const { t } = useWalletTexts();
  const { locale, to } = useLocalizedPaths();
  const title = historyTitleOf(item);
  const decimals = currency?.precision ?? 8;
  const isIn = item.direction === "in";
  const details: ReactNode[] = [];
  if (item.address && item.type !== "internal_transfer") {
    details.push(t("history.toAddress", { address: shortenMiddle(item.address, 8, 6) }));
  } else if (item.address) {
    details.push(t("history.viaAddress", { address: shortenMiddle(item.address, 8, 6) }));
  }
  if (item.tradeId) {
    details.push(
      <Anchor key="trade" component={Link} to={to("viewTrade", { id: item.tradeId })} size="xs">
        {t("history.trade", { id: item.tradeId })}
      </Anchor>,
    );
  }
  if (item.txid) details.push(t("history.txid", { txid: shortenMiddle(item.txid, 6, 6) }));

  return (
    <li
      className={classes.historyItem}
      data-testid="wallet-history-item"
      data-type={item.type}
      data-status={item.status}
    >
      <span className={classes.historyIcon} data-direction={item.direction}>
        {typeIcon(item)}
      </span>
      <div className={classes.historyMain}>
        <Text fw={600} size="sm" lh={1.3} className={classes.historyTitle}>
          {t(`history.titles.${title.key}`, title.values ?? {})}
        </Text>
        <Text size="xs" c="dimmed" className={classes.historyDetails}>
          <time dateTime={item.createdAt}>
            {formatDate(item.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
          </time>
          {details.map((detail, index) => (
            // Details are a fixed, ordered set per line.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order never changes within a line.
            <span key={index}>
              {" · "}
              {detail}
            </span>
          ))}
        </Text>
      </div>
      <div className={classes.historyAmount}>
        <Text
          fw={650}
          size="sm"
          className={isIn ? `${classes.mono} ${classes.amountIn}` : classes.mono}
          data-testid="wallet-history-amount"
        >
          <Sensitive>{`${isIn ? "+" : "−"}${formatCrypto(item.amount, decimals, locale)}`}</Sensitive>{" "}
          {item.cryptoCurrencyCode}
        </Text>
        <Badge
          size="sm"
          radius="sm"
          variant="light"
          color={statusColors[item.status] ?? "gray"}
          data-testid="wallet-history-status"
        >
          {t(`history.statuses.${item.status}`, { defaultValue: item.status })}
        </Badge>
      </div>
    </li>
  );
}

/** Every movement of the user's balance, newest first, with filters and pages. */
export function HistorySection({ currencies }: { currencies: readonly CryptoCurrencyView[] }) {
  const { t } = useWalletTexts();
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [page, setPage] = useState(1);
  const isRangeInvalid = filters.from !== "" && filters.to !== "" && filters.from > filters.to;
  const hasFilters = Object.values(filters).some((value) => value !== "");

  const query: TransactionFilters = { page, perPage: DEFAULT_PAGE_SIZE };
  if (filters.cryptoCurrencyCode) query.cryptoCurrencyCode = filters.cryptoCurrencyCode;
  if (filters.type) query.type = filters.type;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  const transactions = useQuery({ ...transactionsQueryOptions(query), enabled: !isRangeInvalid });

  function updateFilter<K extends keyof Filters>(key: K, value: Filters[K]): void {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }

  const meta = transactions.data?.meta;
  const items = transactions.data?.data ?? [];

  return (
    <section className={classes.card} aria-labelledby="wallet-history-title" data-testid="wallet-history">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <span className={classes.sectionIcon}>
            <ListIcon size={18} />
          </span>
          <Text component="h2" id="wallet-history-title" className={classes.cardTitle}>
            {t("history.title")}
          </Text>
        </Group>
        {meta ? (
          <Text size="sm" c="dimmed" data-testid="wallet-history-total">
            {t("history.total", { count: meta.total })}
          </Text>
        ) : null}
      </Group>

      <fieldset className={classes.filters} aria-label={t("history.filtersLabel")}>
        <Select
          label={t("history.currency")}
          data={[
            { value: "", label: t("history.allCurrencies") },
            ...currencies.map((currency) => ({ value: currency.code, label: currency.code })),
          ]}
          value={filters.cryptoCurrencyCode}
          onChange={(value) => updateFilter("cryptoCurrencyCode", value ?? "")}
          allowDeselect={false}
          size="sm"
        />
        <Select
          label={t("history.type")}
          data={[
            { value: "", label: t("history.allTypes") },
            ...WALLET_TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`history.types.${type}`) })),
          ]}
          value={filters.type}
          onChange={(value) => updateFilter("type", (value ?? "") as Filters["type"])}
          allowDeselect={false}
          size="sm"
        />
        <TextInput
          type="date"
          label={t("history.from")}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => updateFilter("from", event.currentTarget.value)}
          size="sm"
        />
        <TextInput
          type="date"
          label={t("history.to")}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => updateFilter("to", event.currentTarget.value)}
          error={isRangeInvalid ? translateWalletMessage(t, "date_range_invalid") : undefined}
          size="sm"
        />
        {hasFilters ? (
          <Button
            variant="subtle"
            size="sm"
            className={classes.clearFilters}
            onClick={() => {
              setFilters(emptyFilters);
              setPage(1);
            }}
          >
            {t("history.clear")}
          </Button>
        ) : null}
      </fieldset>

      {isRangeInvalid ? null : transactions.isPending ? (
        <ul className={classes.historyList} aria-hidden="true">
          {[0, 1, 2, 3].map((index) => (
            <li key={index} className={classes.historyItem}>
              <Skeleton circle height={36} />
              <div>
                <Skeleton height={12} width="50%" mb={6} />
                <Skeleton height={10} width="30%" />
              </div>
              <Skeleton height={12} width={90} />
            </li>
          ))}
        </ul>
      ) : transactions.isError ? (
        <LoadError
          title={t("history.loadError")}
          retryLabel={t("overview.retry")}
          onRetry={() => void transactions.refetch()}
        />
      ) : items.length === 0 ? (
        <div className={classes.emptyState} data-testid="wallet-history-empty">
          <ListIcon size={28} />
          <Text size="sm" c="dimmed" ta="center">
            {hasFilters ? t("history.emptyFiltered") : t("history.empty")}
          </Text>
        </div>
      ) : (
        <ul
          className={classes.historyList}
          aria-label={t("history.listLabel")}
          aria-busy={transactions.isFetching}
          data-stale={transactions.isPlaceholderData || undefined}
        >
          {items.map((item) => (
            <HistoryItem
              key={item.id}
              item={item}
              currency={currencies.find((currency) => currency.code === item.cryptoCurrencyCode)}
            />
          ))}
        </ul>
      )}

      {meta && meta.lastPage > 1 && !isRangeInvalid ? (
        <Group justify="center" mt="md">
          <nav aria-label={t("history.pagination")}>
            <Pagination total={meta.lastPage} value={page} onChange={setPage} size="sm" radius="md" siblings={1} />
          </nav>
        </Group>
      ) : null}
    </section>
  );
}
