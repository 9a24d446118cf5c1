import { ActionIcon, Badge, Box, Button, Group } from "@mantine/core";
import type { CryptoCurrencyView, FiatCurrency, PaymentMethod, PaymentMethodGroup } from "@souk/contracts";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useReturnFocus } from "../../../lib/use-return-focus.ts";
import { ChevronDownIcon, CloseIcon, SlidersIcon } from "../../../ui/icons.tsx";
import { useMarketplaceTexts } from "../i18n/marketplace-texts.ts";
import type { FilterChange, ListingFilters } from "../listing-filters.ts";
import { ChoiceGroup } from "./choice-group.tsx";
import field from "./field.module.css";
import classes from "./filters-bar.module.css";

const loadPicker = () => import("./option-picker.tsx");
const loadMoreFilters = () => import("./more-filters.tsx");
const CurrencyPicker = lazy(() => loadPicker().then((module) => ({ default: module.CurrencyPicker })));
const MethodPicker = lazy(() => loadPicker().then((module) => ({ default: module.MethodPicker })));
const MoreFilters = lazy(() => loadMoreFilters().then((module) => ({ default: module.MoreFilters })));

/** Fetches the dialogs' code ahead of the click (on hover or focus), so they open at once. */
function preloadDialogs(): void {
  void loadPicker();
  void loadMoreFilters();
}

interface FilterReferences {
  cryptos: readonly CryptoCurrencyView[];
  currencies: readonly FiatCurrency[] | undefined;
  popularCurrencies: readonly string[];
  methods: readonly PaymentMethod[] | undefined;
  groups: readonly PaymentMethodGroup[] | undefined;
}

export interface FiltersBarProps {
  filters: ListingFilters;
  onChange: (change: FilterChange) => void;
  references: FilterReferences;
  /** The currency and method lists are fetched when a picker is first wanted. */
  onNeedReferences: () => void;
  isLoggedIn: boolean;
  moreCount: number;
}

type PickerName = "currency" | "method";

const AMOUNT_PATTERN = /^[0-9]{0,15}(\.[0-9]{0,8})?$/;
const AMOUNT_DEBOUNCE_MS = 600;

function PickerButton({
  label,
  value,
  placeholder,
  onOpen,
  onIntent,
}: {
  label: string;
  value: string | null;
  placeholder: string;
  onOpen: (opener: HTMLElement) => void;
  /** The pointer or focus reached the button: what the picker shows starts loading. */
  onIntent: () => void;
}) {
  const id = useId();
  return (
    <div className={`${field.field} ${classes.wide}`}>
      <label className={field.label} htmlFor={id}>
        {label}
      </label>
      <button
        id={id}
        type="button"
        className={`${field.control} ${field.button}`}
        onClick={(event) => onOpen(event.currentTarget)}
        onMouseEnter={onIntent}
        onPointerDown={onIntent}
        onFocus={onIntent}
      >
        <span className={`${field.value} ${value ? "" : field.placeholder}`}>{value ?? placeholder}</span>
        <ChevronDownIcon size={16} className={field.chevron} />
      </button>
    </div>
  );
}

/** The amount field writes to the address once the visitor pauses typing. */
function AmountInput({
  value,
  unit,
  onCommit,
}: {
  value: string | null;
  unit: string | null;
  onCommit: (amount: string | null) => void;
}) {
  const { t } = useMarketplaceTexts();
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const committed = useRef(value ?? "");
  useEffect(() => {
    // The address changed by other means (back button, "clear filters"): show what it says.
    if ((value ?? "") !== committed.current) {
      committed.current = value ?? "";
      setText(value ?? "");
    }
  }, [value]);
  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      const clean = text.replace(/\.$/, "");
      committed.current = text;
      onCommit(clean === "" || !/[1-9]/.test(clean) ? null : clean);
    }, AMOUNT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onCommit]);
  return (
    <div className={field.field}>
      <label className={field.label} htmlFor={id}>
        {t("filters.amount")}
      </label>
      <div className={field.control}>
        <input
          id={id}
          className={field.input}
          placeholder={t("filters.amountPlaceholder")}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const next = event.currentTarget.value.replace(",", ".").replace(/\s/g, "");
            if (AMOUNT_PATTERN.test(next)) setText(next);
          }}
          data-testid="filter-amount"
        />
        {unit ? <span className={field.unit}>{unit}</span> : null}
      </div>
    </div>
  );
}

export function FiltersBar({
  filters,
  onChange,
  references,
  onNeedReferences,
  isLoggedIn,
  moreCount,
}: FiltersBarProps) {
  const { t } = useMarketplaceTexts();
  const [picker, setPicker] = useState<PickerName | null>(null);
  const [hasOpenedPicker, setHasOpenedPicker] = useState(false);
  const [isMoreOpen, setIsMoreOpen] = useState(false);
  const [hasOpenedMore, setHasOpenedMore] = useState(false);
  const { cryptos, currencies, popularCurrencies, methods, groups } = references;
  const returnFocusAfterPicker = useReturnFocus(picker !== null);
  const returnFocusAfterMore = useReturnFocus(isMoreOpen);

  // The pickers' code and lists load when someone reaches for them, not with the page: most visits
  // never open one, and on a phone the lists and their schemas were the heaviest work after the
  // first paint (docs/decisions/151-lighter-first-load-and-kept-pages.md).
  function prepareDialogs(): void {
    preloadDialogs();
    onNeedReferences();
  }

  function openPicker(name: PickerName, opener: HTMLElement) {
    returnFocusAfterPicker(opener);
    onNeedReferences();
    setHasOpenedPicker(true);
    setPicker(name);
  }

  const currency = filters.currencyCode ? currencies?.find((item) => item.code === filters.currencyCode) : undefined;
  const method = filters.paymentMethod ? methods?.find((item) => item.slug === filters.paymentMethod) : undefined;
  const group = filters.group ? groups?.find((item) => item.slug === filters.group) : undefined;
  const methodText = method?.nameLocalized ?? (group ? t("filters.allOfGroup", { group: group.nameLocalized }) : null);
  const groupSlug = method?.groupSlug ?? filters.group;

  const cryptoData = [
    { value: "all", label: t("filters.allCrypto") },
    ...cryptos.filter((item) => !item.isBlocked).map((item) => ({ value: item.code, label: item.code })),
  ];

  return (
    <div className={classes.bar} data-testid="listing-filters">
      <div className={classes.grid}>
        <div className={`${field.field} ${classes.crypto} ${classes.wide}`}>
          <div className={field.label} aria-hidden="true">
            {t("filters.crypto")}
          </div>
          <ChoiceGroup
            label={t("filters.crypto")}
            data={cryptoData}
            value={filters.crypto ?? "all"}
            onChange={(value) => onChange({ crypto: value === "all" ? null : value })}
            testId="filter-crypto"
          />
        </div>
        <PickerButton
          label={t("filters.currency")}
          value={currency ? `${currency.code} · ${currency.nameLocalized}` : filters.currencyCode}
          placeholder={t("filters.anyCurrency")}
          onOpen={(opener) => openPicker("currency", opener)}
          onIntent={prepareDialogs}
        />
        <PickerButton
          label={t("filters.paymentMethod")}
          value={methodText ?? filters.paymentMethod ?? filters.group}
          placeholder={t("filters.anyMethod")}
          onOpen={(opener) => openPicker("method", opener)}
          onIntent={prepareDialogs}
        />
        <AmountInput
          value={filters.fiatMin}
          unit={filters.convertFromUSD ? "USD" : filters.currencyCode}
          onCommit={(amount) => onChange({ fiatMin: amount })}
        />
        <Button
          variant="default"
          size="md"
          className={classes.moreButton}
          leftSection={<SlidersIcon size={16} />}
          rightSection={
            moreCount > 0 ? (
              <Badge size="sm" circle aria-label={t("filters.activeCount", { count: moreCount })}>
                {moreCount}
              </Badge>
            ) : null
          }
          onMouseEnter={preloadDialogs}
          onFocus={preloadDialogs}
          onClick={(event) => {
            returnFocusAfterMore(event.currentTarget);
            setHasOpenedMore(true);
            setIsMoreOpen(true);
          }}
        >
          <Box component="span" visibleFrom="xs">
            {t("filters.more")}
          </Box>
          <Box component="span" hiddenFrom="xs">
            {t("filters.moreShort")}
          </Box>
        </Button>
      </div>

      <ActiveFilters filters={filters} onChange={onChange} />

      {hasOpenedPicker ? (
        <Suspense fallback={null}>
          <CurrencyPicker
            opened={picker === "currency"}
            onClose={() => setPicker(null)}
            currencies={currencies ?? []}
            popularCurrencies={popularCurrencies}
            value={filters.currencyCode}
            onPick={(value) => onChange({ currencyCode: value })}
          />
          <MethodPicker
            opened={picker === "method"}
            onClose={() => setPicker(null)}
            methods={methods ?? []}
            groups={groups ?? []}
            currencyCode={filters.currencyCode}
            paymentMethod={filters.paymentMethod}
            group={filters.group}
            onPick={(change) => onChange({ ...change, tags: [] })}
          />
        </Suspense>
      ) : null}
      {hasOpenedMore ? (
        <Suspense fallback={null}>
          <MoreFilters
            opened={isMoreOpen}
            onClose={() => setIsMoreOpen(false)}
            filters={filters}
            onChange={onChange}
            isLoggedIn={isLoggedIn}
            groupSlug={groupSlug}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The filters of the "more" panel that are on, each with a button that removes it. */
function ActiveFilters({ filters, onChange }: { filters: ListingFilters; onChange: (change: FilterChange) => void }) {
  const { t } = useMarketplaceTexts();
  const items: { key: string; label: string; clear: FilterChange }[] = [];
  if (filters.flowType)
    items.push({ key: "flowType", label: t(`flowTypes.${filters.flowType}`), clear: { flowType: null } });
  if (filters.isVerifiedUsers)
    items.push({ key: "vu", label: t("chips.verifiedUsers"), clear: { isVerifiedUsers: false } });
  if (filters.isVerifiedOffers)
    items.push({ key: "vo", label: t("chips.verifiedOffers"), clear: { isVerifiedOffers: false } });
  if (filters.onlineUsers) items.push({ key: "on", label: t("chips.onlineUsers"), clear: { onlineUsers: false } });
  if (filters.acceptableOnly)
    items.push({ key: "ao", label: t("chips.acceptableOnly"), clear: { acceptableOnly: false } });
  if (filters.convertFromUSD && filters.fiatMin) {
    items.push({ key: "usd", label: t("chips.convertFromUSD"), clear: { convertFromUSD: false } });
  }
  if (filters.countryIso) {
    items.push({
      key: "c",
      label: t("chips.countryIso", { country: filters.countryIso }),
      clear: { countryIso: null },
    });
  }
  if (filters.usersCountryIso) {
    items.push({
      key: "uc",
      label: t("chips.usersCountryIso", { country: filters.usersCountryIso }),
      clear: { usersCountryIso: null },
    });
  }
  for (const tag of filters.tags) {
    items.push({
      key: `tag-${tag}`,
      label: t(`tags.${tag}`, { defaultValue: tag }),
      clear: { tags: filters.tags.filter((item) => item !== tag) },
    });
  }
  if (filters.cardRegion) {
    items.push({
      key: "cr",
      label: t("chips.cardRegion", { region: filters.cardRegion.toUpperCase() }),
      clear: { cardRegion: null },
    });
  }
  if (filters.binCode)
    items.push({ key: "bin", label: t("chips.binCode", { code: filters.binCode }), clear: { binCode: null } });
  if (items.length === 0) return null;
  return (
    <Group gap={6} className={classes.chips} data-testid="active-filters">
      {items.map((item) => (
        <Badge
          key={item.key}
          variant="light"
          size="lg"
          radius="xl"
          tt="none"
          fw={500}
          pr={3}
          rightSection={
            <ActionIcon
              size="xs"
              radius="xl"
              variant="transparent"
              color="gray"
              aria-label={t("chips.remove", { filter: item.label })}
              onClick={() => onChange(item.clear)}
            >
              <CloseIcon size={12} />
            </ActionIcon>
          }
        >
          {item.label}
        </Badge>
      ))}
    </Group>
  );
}
