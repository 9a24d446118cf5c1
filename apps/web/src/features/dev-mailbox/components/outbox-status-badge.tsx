import { Badge } from "@mantine/core";
import type { DevMailSummary } from "@souk/contracts";
import { useDevMailboxTexts } from "../i18n/dev-mailbox-texts.ts";

const STATUS_COLORS: Record<DevMailSummary["status"], string> = {
  pending: "yellow",
  held: "blue",
  sent: "green",
  failed: "red",
};

/** Where a message's delivery stands: pending, held in the outbox, sent, or failed for good. */
export function OutboxStatusBadge({ status }: { status: DevMailSummary["status"] }) {
  const { t } = useDevMailboxTexts();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" data-testid="outbox-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
