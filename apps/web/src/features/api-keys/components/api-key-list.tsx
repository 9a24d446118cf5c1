import { Button, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
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
    <ListPanel
      title={t("list.title")}
      query={list}
      isEmpty={rows.length === 0}
      texts={{ loading: t("loading"), empty: t("list.empty"), error: t("error"), retry: t("retry") }}
      data-testid="api-key-list"
    >
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
    </ListPanel>
  );
}
