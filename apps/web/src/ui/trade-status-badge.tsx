import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

const STATUS_COLORS: Record<string, string> = {
  active_funded: "blue",
  paid: "yellow",
  dispute_open: "orange",
  released: "green",
  dispute_won_buyer: "green",
  dispute_won_seller: "grape",
};

/** A trade's status in the app's shared words; a status without a text shows as it is. */
export function useTradeStatusText(): (status: string) => string {
  const { t } = useTranslation();
  return (status) => t(`tradeStatus.${status}`, { defaultValue: status });
}

export interface TradeStatusBadgeProps extends Pick<BadgeProps, "size"> {
  status: string;
  /** The text when the screen words the status its own way; the shared text otherwise. */
  label?: string;
  /** Lists that show no colour per status (the trade history) say so. */
  isPlain?: boolean;
  "data-testid"?: string;
}

/** A trade's status as a light badge, coloured by status (grey for the cancelled ones). */
export function TradeStatusBadge({ status, label, isPlain = false, ...rest }: TradeStatusBadgeProps) {
  const statusText = useTradeStatusText();
  return (
    <Badge variant="light" color={isPlain ? undefined : (STATUS_COLORS[status] ?? "gray")} {...rest}>
      {label ?? statusText(status)}
    </Badge>
  );
}
