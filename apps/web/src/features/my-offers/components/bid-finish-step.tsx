import { Badge, Button, Stack, Text, ThemeIcon } from "@mantine/core";
import type { Bid } from "@souk/contracts";
import { CheckIcon } from "../../../ui/icons.tsx";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";

/** The last step: the bid the server accepted, its status and its dates. */
export function BidFinishStep({
  bid,
  date,
  onClose,
}: {
  bid: Bid;
  date: (value: string) => string;
  onClose: () => void;
}) {
  const { t } = useMyOffersTexts();
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={56} radius="xl" variant="light">
        <CheckIcon size={28} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {t("bid.finishTitle")}
      </Text>
      <Badge variant="light" radius="sm">
        {t(`bidStatus.${bid.status}`)}
      </Badge>
      <Text size="sm" c="dimmed">
        {t("bid.finishBody", {
          amount: bid.amount,
          currency: bid.cryptoCurrencyCode,
          start: date(bid.startDate),
          end: date(bid.endDate),
        })}
      </Text>
      <Button onClick={onClose} mt="sm">
        {t("bid.done")}
      </Button>
    </Stack>
  );
}
