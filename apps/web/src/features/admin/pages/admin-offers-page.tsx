import { SegmentedControl, Stack } from "@mantine/core";
import { OFFER_MODERATION_FILTERS, type OfferModerationFilter } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { adminOffersQueryOptions, useOfferModerationMutation } from "../api/admin-api.ts";
import { AdminSectionPage } from "../components/admin-layout.tsx";
import { AdminPager, pageParamOf } from "../components/admin-pager.tsx";
import { OfferModerationCard } from "../components/offer-moderation-card.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

function filterOf(value: string | null): OfferModerationFilter {
  return (OFFER_MODERATION_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as OfferModerationFilter)
    : "appealed";
}

function OffersScreen() {
  const { t } = useAdminTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = filterOf(searchParams.get("status"));
  const q = searchParams.get("q") ?? "";
  const page = pageParamOf(searchParams);
  const offers = useQuery(adminOffersQueryOptions(status, q, page));
  const mutation = useOfferModerationMutation();
  const rows = offers.data?.data ?? [];
  const go = (params: Record<string, string>) => setSearchParams({ ...params, status: params.status ?? status });
  return (
    <>
      <SegmentedControl
        value={status}
        onChange={(next) => go(q ? { q, status: next } : { status: next })}
        data={OFFER_MODERATION_FILTERS.map((value) => ({ value, label: t(`offers.filters.${value}`) }))}
        aria-label={t("offers.filterLabel")}
        data-testid="admin-offers-filter"
      />
      <SearchForm
        initial={q}
        placeholder={t("offers.searchPlaceholder")}
        onSearch={(next) => go(next ? { q: next } : {})}
      />
      <ListPanel
        title={t("offers.total", { count: offers.data?.meta.total ?? 0 })}
        query={offers}
        isEmpty={rows.length === 0}
        texts={{ loading: t("loading"), empty: t("offers.empty"), error: t("loadError"), retry: t("retry") }}
        data-testid="admin-offers"
      >
        <Stack gap="sm">
          {rows.map((offer) => (
            <OfferModerationCard key={offer.idHashed} offer={offer} mutation={mutation} />
          ))}
        </Stack>
        <AdminPager q={q} page={page} meta={offers.data?.meta} onChange={go} />
      </ListPanel>
    </>
  );
}

/** /admin/offers: every staff role moderates offers (docs/decisions/130-offer-moderation.md). */
export function AdminOffersPage() {
  return (
    <AdminSectionPage section="offers" audience="staff">
      <OffersScreen />
    </AdminSectionPage>
  );
}
