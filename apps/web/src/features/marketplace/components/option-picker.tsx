import { Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { FiatCurrency, PaymentMethod, PaymentMethodGroup } from "@souk/contracts";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
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

/** The sections whose options match the search (by label, hint or keywords), empty ones left out. */
function matching(sections: PickerSection[], needle: string): PickerSection[] {
  return sections
    .map((section) => ({
      ...section,
      options: section.options.filter(
        (option) =>
          needle === "" || normalize(`${option.label} ${option.hint ?? ""} ${option.keywords ?? ""}`).includes(needle),
      ),
    }))
    .filter((section) => section.options.length > 0);
}

/** Where a key moves the active option among `count`: the arrows by one, wrapping around; Page Up and Down by ten. */
export function nextActive(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  if (key === "ArrowDown") return (active + 1) % count;
  if (key === "ArrowUp") return (active - 1 + count) % count;
  if (key === "PageDown") return Math.min(active + 10, count - 1);
  if (key === "PageUp") return Math.max(active - 10, 0);
  return null;
}

function OptionRow({
  option,
  id,
  isSelected,
  isActive,
  onPick,
  onHover,
}: {
  option: PickerOption;
  id: string;
  isSelected: boolean;
  isActive: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  return (
    // The search field keeps the focus (aria-activedescendant names this option), so a click is all a row needs.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the search field's (the combobox pattern).
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={isSelected}
      data-active={isActive || undefined}
      className={classes.option}
      onClick={onPick}
      onMouseMove={onHover}
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
      {isSelected ? <CheckIcon size={16} /> : null}
    </div>
  );
}

interface OptionListProps {
  id: string;
  label: string;
  /** "No filter", first, when nothing is searched. */
  any: PickerOption | null;
  sections: PickerSection[];
  value: string | null;
  activeRow: number;
  optionId: (row: number) => string;
  onPick: (option: PickerOption) => void;
  onHover: (row: number) => void;
}

/** The listbox of the picker: rows numbered in order ("no filter" first), each section a group. */
function OptionList({ id, label, any, sections, value, activeRow, optionId, onPick, onHover }: OptionListProps) {
  let nextRow = any ? 1 : 0;
  const numbered = sections.map((section) => {
    const firstRow = nextRow;
    nextRow += section.options.length;
    return { section, firstRow };
  });
  const row = (option: PickerOption, index: number, isSelected: boolean) => (
    <OptionRow
      key={option.value}
      option={option}
      id={optionId(index)}
      isSelected={isSelected}
      isActive={index === activeRow}
      onPick={() => onPick(option)}
      onHover={() => onHover(index)}
    />
  );
  return (
    <div className={classes.options} id={id} role="listbox" aria-label={label} data-testid="picker-options">
      {any ? row(any, 0, value === null) : null}
      {numbered.map(({ section, firstRow }) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options, not of form fields.
        <div key={section.title ?? "options"} role="group" className={classes.section} aria-label={section.title}>
          {section.title ? (
            <div className={classes.sectionTitle} aria-hidden="true">
              {section.title}
            </div>
          ) : null}
          {section.options.map((option, index) => row(option, firstRow + index, option.value === value))}
        </div>
      ))}
    </div>
  );
}

/**
 * A searchable list in a dialog (full screen on phones): choosing a currency, a payment method or
 * a country among many. The search field is a combobox: the arrow keys move through the options,
 * Enter picks the active one. Loaded when first opened, so the marketplace's first load stays small.
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
  const listId = useId();
  const [search, setSearch] = useState("");
  const needle = normalize(search.trim());
  const shown = useMemo(() => matching(sections, needle), [sections, needle]);
  const any: PickerOption | null = needle === "" ? { value: "", label: anyLabel } : null;
  const rows = [...(any ? [any] : []), ...shown.flatMap((section) => section.options)];
  const selectedRow = rows.findIndex((option) => (option === any ? value === null : option.value === value));
  // The selected option (or the first) is active until a key or the pointer moves; again after each search.
  const [active, setActive] = useState<number | null>(null);
  const activeRow = Math.min(active ?? Math.max(selectedRow, 0), rows.length - 1);
  const optionId = (row: number) => `${listId}-${row}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or a new opening is the trigger.
  useEffect(() => setActive(null), [needle, opened]);
  useEffect(() => {
    if (opened && activeRow >= 0) document.getElementById(optionId(activeRow))?.scrollIntoView?.({ block: "nearest" });
  });

  function pick(option: PickerOption) {
    onPick(option === any ? null : option.value);
    setSearch("");
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const option = rows[activeRow];
    const next = nextActive(event.key, activeRow, rows.length);
    if (event.key === "Enter" && option) pick(option);
    else if (next !== null) setActive(next);
    else return;
    event.preventDefault();
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
          role="combobox"
          aria-label={searchLabel}
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={rows.length > 0 ? optionId(activeRow) : undefined}
          placeholder={searchLabel}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-autofocus
        />
        <OptionList
          id={listId}
          label={title}
          any={any}
          sections={shown}
          value={value}
          activeRow={activeRow}
          optionId={optionId}
          onPick={pick}
          onHover={setActive}
        />
        {shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" size="sm">
            {t("picker.noMatch", { search: search.trim() })}
          </Text>
        ) : null}
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
