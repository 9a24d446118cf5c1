import { Badge, Group, Paper, Skeleton, Text, Title, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../lib/format.ts";
import { userMedalsQueryOptions } from "../api/reputation-api.ts";
import { useReputationTexts } from "../i18n/reputation-texts.ts";

/** The user's medals, earned from their trades (the reputation job); nothing to say on a failed load. */
export function MedalsList({ username }: { username: string }) {
  const { t, i18n } = useReputationTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const medals = useQuery(userMedalsQueryOptions(username));
  if (medals.isError) return null;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="profile-medals">
      <Title order={2} size="h5" mb="sm">
        {t("medals.title")}
      </Title>
      {medals.isPending ? (
        <Skeleton height={28} radius="md" />
      ) : medals.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("medals.empty")}
        </Text>
      ) : (
        <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {medals.data.map((medal) => (
            <li key={medal.code}>
              <Tooltip label={t("medals.awarded", { date: formatDate(medal.awardedAt, locale) })}>
                <Badge variant="light" color="yellow" radius="sm" tt="none" size="lg" fw={600} data-medal={medal.code}>
                  {t(`medals.names.${medal.code}`)}
                </Badge>
              </Tooltip>
            </li>
          ))}
        </Group>
      )}
    </Paper>
  );
}
