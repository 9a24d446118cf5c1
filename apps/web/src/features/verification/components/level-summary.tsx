import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { KycCheck, LevelInfo, Limits } from "@souk/contracts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";

function LimitFigures({ limits, unused }: { limits: Limits; unused?: string | null }) {
  const { t } = useVerificationTexts();
  const show = (value: string | null) => (value === null ? t("limits.none") : `${value} ${limits.fiatCurrencyCode}`);
  const figures = [
    [t("limits.perTrade"), show(limits.perTradeLimitInFiatCurrency)],
    [t("limits.daily"), show(limits.dailyLimitInFiatCurrency)],
    [t("limits.rolling30d"), show(limits.rolling30DaysLimitInFiatCurrency)],
    ...(unused === undefined ? [] : [[t("limits.unused"), show(unused)]]),
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      {figures.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} data-testid="limit-figure">
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The user's level and limits, and what the next level needs and unlocks. */
export function LevelSummary({ check, levels }: { check: KycCheck; levels: LevelInfo[] }) {
  const { t } = useVerificationTexts();
  const index = levels.findIndex((level) => level.level === check.verificationLevel);
  const next = levels.slice(index + 1).find((level) => level.needs.some((condition) => !check.conditions[condition]));
  return (
    <Stack gap="md">
      {check.banners.kycForcedAlert && <Alert color="orange">{t("banners.kycForcedAlert")}</Alert>}
      {check.banners.kycIdRequired && <Alert color="yellow">{t("banners.kycIdRequired")}</Alert>}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3" data-testid="verification-level">
              {t("current", { level: check.verificationLevel })}
            </Title>
            <Group gap="xs">
              <Badge variant="outline">{t("accountLevel", { level: check.level })}</Badge>
              {check.isFullyVerified && <Badge color="green">{t("fullyVerified")}</Badge>}
            </Group>
          </Group>
          <LimitFigures limits={check.limits} unused={check.unusedTradingVolumeInFiatCurrency} />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        {next ? (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t("next.title", { level: next.level })}
            </Title>
            <Text size="sm">{t("next.needs")}</Text>
            <List size="sm">
              {next.needs
                .filter((condition) => !check.conditions[condition])
                .map((condition) => (
                  <List.Item key={condition}>{t(`conditions.${condition}`)}</List.Item>
                ))}
            </List>
            <Text size="sm">{t("next.unlocks")}</Text>
            <LimitFigures limits={next.limits} />
          </Stack>
        ) : (
          <Text>{t("next.top")}</Text>
        )}
      </Card>
    </Stack>
  );
}
