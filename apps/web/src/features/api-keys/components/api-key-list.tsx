import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { apiClientsQueryOptions, useRevokeApiClient } from "../api/api-keys-api.ts";
import { useApiKeysTexts } from "../i18n/api-keys-texts.ts";

/** The user's live keys (never their secrets), each with revoke. */
export function ApiKeyList() {
  const { t } = useApiKeysTexts();
  const locale = useLocale();
  const list = useQuery(apiClientsQueryOptions());
  const revoke = useRevokeApiClient();
  const rows = list.data ?? [];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="api-key-list">
      <Title order={2} size="h4" mb="sm">
        {t("list.title")}
      </Title>
      {list.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : list.isError ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("list.empty")}</Text>
      ) : (
        <Stack gap="sm">
          {rows.map((client) => (
            <Group key={client.clientId} justify="space-between" wrap="nowrap" data-testid="api-key-row">
              <div>
                <Text fw={600} size="sm">
                  {client.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
                  {client.clientId}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("list.created", { date: formatDate(client.createdAt, locale) })} ·{" "}
                  {client.lastUsedAt
                    ? t("list.lastUsed", { date: formatDate(client.lastUsedAt, locale) })
                    : t("list.neverUsed")}{" "}
                  · {t("list.scopes", { count: client.scopes.length })}
                </Text>
              </div>
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={revoke.isPending && revoke.variables === client.clientId}
                onClick={() =>
                  revoke.mutate(client.clientId, {
                    onSuccess: () => showToast({ type: "success", message: t("list.revoked", { name: client.name }) }),
                    onError: () => showToast({ type: "error", message: t("list.failed") }),
                  })
                }
              >
                {t("list.revoke")}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
