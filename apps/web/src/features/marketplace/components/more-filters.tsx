import { Button, Chip, Drawer, Group, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { GIFT_CARD_REGIONS, type OfferFlowType } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { countriesQueryOptions, tagsQueryOptions } from "../../../lib/reference-queries.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useMarketplaceDialogTexts } from "../i18n/marketplace-dialog-texts.ts";
import { useMarketplaceTexts } from "../i18n/marketplace-texts.ts";
import { type FilterChange, flowTypesOfTab, type ListingFilters } from "../listing-filters.ts";

export interface MoreFiltersProps {
  opened: boolean;
  onClose: () => void;
  filters: ListingFilters;
  onChange: (change: FilterChange) => void;
  isLoggedIn: boolean;
  /** The group of the chosen payment method (or the chosen group): gift card filters need it. */
  groupSlug: string | null;
}

function FilterSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={8} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={650} mb={8}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The filters that do not fit in the bar: countries, trust, tags, offer type and gift card
 * details. Each change is applied at once (and written to the address); the panel stays open.
 */
export function MoreFilters({ opened, onClose, filters, onChange, isLoggedIn, groupSlug }: MoreFiltersProps) {
  const { t } = useMarketplaceDialogTexts();
  const { t: tCore } = useMarketplaceTexts();
  const locale = useLocale();
  const countries = useQuery({ ...countriesQueryOptions(locale), enabled: opened });
  const tags = useQuery({
    ...tagsQueryOptions({ paymentMethod: filters.paymentMethod, group: filters.paymentMethod ? null : filters.group }),
    enabled: opened,
  });
  const [binCode, setBinCode] = useState(filters.binCode ?? "");
  const countryOptions = (countries.data ?? []).map((country) => ({
    value: country.iso,
    label: country.nameLocalized,
  }));
  const isGiftCard = groupSlug === "gift-cards";
  const flowTypes = flowTypesOfTab(filters.tab);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t("more.title")}
      padding="lg"
      data-testid="more-filters"
    >
      <Stack gap="xl">
        <FilterSection title={t("more.offerType")}>
          <Chip.Group
            value={filters.flowType ?? "all"}
            onChange={(value) => onChange({ flowType: value === "all" ? null : (value as OfferFlowType) })}
          >
            <Group gap={6}>
              <Chip value="all" size="sm">
                {t("more.allOfferTypes")}
              </Chip>
              {flowTypes.map((flowType) => (
                <Chip key={flowType} value={flowType} size="sm">
                  {tCore(`flowTypes.${flowType}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </FilterSection>

        <FilterSection title={t("more.trust")}>
          <Switch
            label={t("more.verifiedUsers")}
            description={t("more.verifiedUsersHint")}
            checked={filters.isVerifiedUsers}
            onChange={(event) => onChange({ isVerifiedUsers: event.currentTarget.checked })}
          />
          <Switch
            label={t("more.verifiedOffers")}
            description={t("more.verifiedOffersHint")}
            checked={filters.isVerifiedOffers}
            onChange={(event) => onChange({ isVerifiedOffers: event.currentTarget.checked })}
          />
          <Switch
            label={t("more.onlineUsers")}
            description={t("more.onlineUsersHint")}
            checked={filters.onlineUsers}
            onChange={(event) => onChange({ onlineUsers: event.currentTarget.checked })}
          />
          {isLoggedIn ? (
            <Switch
              label={t("more.acceptableOnly")}
              description={t("more.acceptableOnlyHint")}
              checked={filters.acceptableOnly}
              onChange={(event) => onChange({ acceptableOnly: event.currentTarget.checked })}
            />
          ) : null}
        </FilterSection>

        <FilterSection title={t("more.location")}>
          <Select
            label={t("more.countryIso")}
            placeholder={countries.isLoading ? t("loading") : t("more.anyCountry")}
            data={countryOptions}
            value={filters.countryIso}
            onChange={(value) => onChange({ countryIso: value })}
            searchable
            clearable
            nothingFoundMessage={t("more.noCountry")}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("more.usersCountryIso")}
            placeholder={countries.isLoading ? t("loading") : t("more.anyCountry")}
            data={countryOptions}
            value={filters.usersCountryIso}
            onChange={(value) => onChange({ usersCountryIso: value })}
            searchable
            clearable
            nothingFoundMessage={t("more.noCountry")}
            comboboxProps={{ withinPortal: true }}
          />
        </FilterSection>

        <FilterSection title={t("more.amount")}>
          <Switch
            label={t("more.convertFromUSD")}
            description={filters.fiatMin ? t("more.convertFromUSDHint") : t("more.convertFromUSDNeedsAmount")}
            checked={filters.convertFromUSD}
            disabled={!filters.fiatMin}
            onChange={(event) => onChange({ convertFromUSD: event.currentTarget.checked })}
          />
        </FilterSection>

        <FilterSection title={t("more.tags")}>
          {tags.isError ? (
            <Text size="sm" c="red">
              {t("more.tagsError")}
            </Text>
          ) : (
            <Chip.Group multiple value={filters.tags} onChange={(value) => onChange({ tags: value })}>
              <Group gap={6}>
                {(tags.data ?? []).map((tag) => (
                  <Chip key={tag.slug} value={tag.slug} size="sm">
                    {tCore(`tags.${tag.slug}`, { defaultValue: tag.name })}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
        </FilterSection>

        {isGiftCard ? (
          <FilterSection title={t("more.giftCards")}>
            <Select
              label={t("more.cardRegion")}
              placeholder={t("more.anyRegion")}
              data={GIFT_CARD_REGIONS.map((region) => ({ value: region.id, label: t(`regions.${region.id}`) }))}
              value={filters.cardRegion}
              onChange={(value) => onChange({ cardRegion: value })}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t("more.binCode")}
              description={t("more.binCodeHint")}
              inputMode="numeric"
              maxLength={6}
              value={binCode}
              onChange={(event) => {
                const digits = event.currentTarget.value.replace(/[^0-9]/g, "").slice(0, 6);
                setBinCode(digits);
                if (digits.length === 6) onChange({ binCode: digits });
                else if (digits.length === 0) onChange({ binCode: null });
              }}
              error={binCode.length > 0 && binCode.length < 6 ? t("more.binCodeLength") : undefined}
            />
          </FilterSection>
        ) : null}

        <Button onClick={onClose} size="md" fullWidth>
          {t("more.showOffers")}
        </Button>
      </Stack>
    </Drawer>
  );
}
