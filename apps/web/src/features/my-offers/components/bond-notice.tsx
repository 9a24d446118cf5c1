import { Alert, Anchor, Badge, Group, List, Text } from "@mantine/core";
import type { depositOptionSchema } from "@souk/contracts";
import { Link } from "react-router";
import type { z } from "zod";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";

type DepositOption = z.infer<typeof depositOptionSchema>;

/**
 * Shown when an offer is held because the vendor's bond is short: each deposit option says how
 * much is missing in its currency (an option is available when nothing is missing), and the
 * wallet is where a deposit is made.
 */
export function BondNotice({ options }: { options: readonly DepositOption[] }) {
  const { t } = useMyOffersTexts();
  const { to } = useLocalizedPaths();
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<AlertTriangleIcon />}
      title={t("bond.title")}
      data-testid="bond-notice"
    >
      <Text size="sm">{t("bond.body")}</Text>
      {options.length > 0 ? (
        <List size="sm" mt="xs" spacing={4}>
          {options.map((option) => (
            <List.Item key={option.currencyCode}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {option.currencyCode}
                </Text>
                {option.isAvailable ? (
                  <Badge color="teal" variant="light" radius="sm">
                    {t("bond.available")}
                  </Badge>
                ) : (
                  <Text size="sm">
                    {t("bond.missing", { amount: option.missingAmount, currency: option.currencyCode })}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Anchor component={Link} to={to("wallet")} size="sm" fw={600} mt="xs" display="inline-block">
        {t("bond.toWallet")}
      </Anchor>
    </Alert>
  );
}
