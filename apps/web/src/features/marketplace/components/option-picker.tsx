import { Modal, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { FiatCurrency, PaymentMethod, PaymentMethodGroup } from "@souk/contracts";
import { useMemo, useState } from "react";
import { CheckIcon, SearchIcon } from "../../../ui/icons.tsx";
import { useMarketplaceDialogTexts } from "../i18n/marketplace-dialog-texts.ts";
import classes from "./option-picker.module.css";

export interface PickerOption {
  value: string;
  label: string;
  /** A second line: a code, a currency name... */
  hint?: string;
  /** Other words the search matches (codes, slugs). */
  keywords?: string;
}

export interface PickerSection {
  title?: string;
  options: PickerOption[];
}

export interface OptionPickerProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  searchLabel: string;
  sections: PickerSection[];
  value: string | null;
  onPick: (value: string | null) => void;
  /** The first option, meaning "no filter". */
  anyLabel: string;
}

function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * A searchable list in a dialog (full screen on phones): choosing a currency, a payment method or
 * a country among many. Loaded when first opened, so the marketplace's first load stays small.
 */
export function OptionPicker({
  opened,
  onClose,
  title,
  searchLabel,
  sections,
  value,
  onPick,
  anyLabel,
}: OptionPickerProps) {
  const { t } = useMarketplaceDialogTexts();
  const isPhone = useMediaQuery("(max-width: 35.5em)");
  const [search, setSearch] = useState("");
  const needle = normalize(search.trim());
  const shown = useMemo(
    () =>
      sections
        .map((section) => ({
          ...section,
          options: section.options.filter(
            (option) =>
              needle === "" ||
              normalize(`${option.label} ${option.hint ?? ""} ${option.keywords ?? ""}`).includes(needle),
          ),
        }))
        .filter((section) => section.options.length > 0),
    [sections, needle],
  );

  function pick(next: string | null) {
    onPick(next);
    setSearch("");
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={isPhone === true}
      size="md"
      radius="lg"
      className={isPhone ? classes.fullScreen : undefined}
    >
      <Stack gap="sm">
        <TextInput
          aria-label={searchLabel}
          placeholder={searchLabel}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <div className={classes.options} data-testid="picker-options">
          {needle === "" ? (
            <UnstyledButton className={classes.option} aria-pressed={value === null} onClick={() => pick(null)}>
              <span>{anyLabel}</span>
              {value === null ? <CheckIcon size={16} /> : null}
            </UnstyledButton>
          ) : null}
          {shown.map((section) => (
            <section key={section.title ?? "options"} className={classes.section} aria-label={section.title}>
              {section.title ? <div className={classes.sectionTitle}>{section.title}</div> : null}
              {section.options.map((option) => (
                <UnstyledButton
                  key={option.value}
                  className={classes.option}
                  aria-pressed={option.value === value}
                  onClick={() => pick(option.value)}
                >
                  <span>
                    {option.label}
                    {option.hint ? " " : null}
                    {option.hint ? (
                      <Text component="span" size="xs" c="dimmed" ml={8}>
                        {option.hint}
                      </Text>
                    ) : null}
                  </span>
                  {option.value === value ? <CheckIcon size={16} /> : null}
                </UnstyledButton>
              ))}
            </section>
          ))}
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg" size="sm">
              {t("picker.noMatch", { search: search.trim() })}
            </Text>
          ) : null}
        </div>
      </Stack>
    </Modal>
  );
}

export interface CurrencyPickerProps {
  opened: boolean;
  onClose: () => void;
  currencies: readonly FiatCurrency[];
  popularCurrencies: readonly string[];
  value: string | null;
  onPick: (code: string | null) => void;
}

/** The fiat currency of the listing: popular ones first, then every currency. */
export function CurrencyPicker({ opened, onClose, currencies, popularCurrencies, value, onPick }: CurrencyPickerProps) {
  const { t } = useMarketplaceDialogTexts();
  const sections = useMemo((): PickerSection[] => {
    const toOption = (item: FiatCurrency) => ({ value: item.code, label: item.code, hint: item.nameLocalized });
    return [
      {
        title: t("picker.popular"),
        options: currencies.filter((item) => popularCurrencies.includes(item.code)).map(toOption),
      },
      { title: t("picker.allCurrencies"), options: currencies.map(toOption) },
    ];
  }, [currencies, popularCurrencies, t]);
  return (
    <OptionPicker
      opened={opened}
      onClose={onClose}
      title={t("picker.currencyTitle")}
      searchLabel={t("picker.currencySearch")}
      anyLabel={t("picker.anyCurrency")}
      sections={sections}
      value={value}
      onPick={onPick}
    />
  );
}

export interface MethodPickerProps {
  opened: boolean;
  onClose: () => void;
  methods: readonly PaymentMethod[];
  groups: readonly PaymentMethodGroup[];
  /** Methods that do not work with this currency are left out. */
  currencyCode: string | null;
  paymentMethod: string | null;
  group: string | null;
  onPick: (change: { paymentMethod: string | null; group: string | null }) => void;
}

/** A payment method or a whole group of them, grouped and searchable. */
export function MethodPicker({
  opened,
  onClose,
  methods,
  groups,
  currencyCode,
  paymentMethod,
  group,
  onPick,
}: MethodPickerProps) {
  const { t } = useMarketplaceDialogTexts();
  const sections = useMemo((): PickerSection[] => {
    const usable = methods.filter(
      (item) => !currencyCode || item.currencyCodes === null || item.currencyCodes.includes(currencyCode),
    );
    return groups.map((item) => ({
      title: item.nameLocalized,
      options: [
        {
          value: `group:${item.slug}`,
          label: t("picker.allOfGroup", { group: item.nameLocalized }),
          keywords: item.slug,
        },
        ...usable
          .filter((candidate) => candidate.groupSlug === item.slug)
          .map((candidate) => ({
            value: `method:${candidate.slug}`,
            label: candidate.nameLocalized,
            keywords: candidate.slug,
          })),
      ],
    }));
  }, [methods, groups, currencyCode, t]);
  return (
    <OptionPicker
      opened={opened}
      onClose={onClose}
      title={t("picker.methodTitle")}
      searchLabel={t("picker.methodSearch")}
      anyLabel={t("picker.anyMethod")}
      sections={sections}
      value={paymentMethod ? `method:${paymentMethod}` : group ? `group:${group}` : null}
      onPick={(value) => {
        if (value === null) onPick({ paymentMethod: null, group: null });
        else if (value.startsWith("group:")) onPick({ group: value.slice("group:".length), paymentMethod: null });
        else onPick({ paymentMethod: value.slice("method:".length), group: null });
      }}
    />
  );
}
