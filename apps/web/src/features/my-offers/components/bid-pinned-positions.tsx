import { Badge, Group, Loader, Table, Text } from "@mantine/core";
import { formatCryptoDecimal } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import type { PinnedInfo } from "../model/bid-modal-state.ts";
import classes from "./my-offers.module.css";
import { formatPrice } from "./offer-format.ts";

/** The pinned positions of the offer's market beside the first two bid steps, with the vendor's own place. */
export function BidPinnedPositions({ pinned, isInfoLoading }: { pinned: PinnedInfo | null; isInfoLoading: boolean }) {
  const { t } = useMyOffersTexts();
  const locale = useLocale();
  return (
    <div className={classes.pinnedBox}>
      <Group justify="space-between" mb={6}>
        <Text fw={650} size="sm">
          {t("bid.pinnedTitle")}
        </Text>
        {pinned ? (
          <Badge variant="light" radius="sm">
            {pinned.position !== null ? t("bid.yourPosition", { position: pinned.position }) : t("bid.noPosition")}
          </Badge>
        ) : null}
      </Group>
      {pinned ? (
        pinned.positions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("bid.pinnedEmpty", { slots: pinned.slots })}
          </Text>
        ) : (
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("bid.position")}</Table.Th>
                <Table.Th>{t("bid.amount")}</Table.Th>
                <Table.Th ta="right">USD</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pinned.positions.map((item) => (
                <Table.Tr key={item.position} fw={item.isMine ? 700 : undefined}>
                  <Table.Td>
                    #{item.position} {item.isMine ? t("bid.mine") : ""}
                  </Table.Td>
                  <Table.Td>
                    {formatCryptoDecimal(item.amount, locale)} {item.cryptoCurrencyCode}
                  </Table.Td>
                  <Table.Td ta="right">{formatPrice(item.usdValue, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      ) : isInfoLoading ? (
        <Loader size="xs" />
      ) : (
        <Text size="sm" c="dimmed">
          {t("bid.pinnedUnavailable")}
        </Text>
      )}
    </div>
  );
}
