import { Button, Group, Text } from "@mantine/core";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../ui/icons.tsx";
import { useMarketplaceTexts } from "../i18n/marketplace-texts.ts";

export interface ListingPagerProps {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}

/** Previous and next: the listing has no total (counting a broad filter costs more than a page). */
export function ListingPager({ page, hasMore, onPage }: ListingPagerProps) {
  const { t } = useMarketplaceTexts();
  if (page <= 1 && !hasMore) return null;
  return (
    <Group justify="center" gap="md" mt="lg" component="nav" aria-label={t("pager.label")}>
      <Button
        variant="default"
        leftSection={<ChevronLeftIcon size={16} />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("pager.previous")}
      </Button>
      <Text size="sm" c="dimmed" aria-current="page">
        {t("pager.page", { page })}
      </Text>
      <Button
        variant="default"
        rightSection={<ChevronRightIcon size={16} />}
        disabled={!hasMore}
        onClick={() => onPage(page + 1)}
      >
        {t("pager.next")}
      </Button>
    </Group>
  );
}
