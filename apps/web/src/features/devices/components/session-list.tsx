import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { sessionsQueryOptions, useEndSessions } from "../api/devices-api.ts";
import { useDevicesTexts } from "../i18n/devices-texts.ts";

/** The account's sessions: device, address, last activity, this device marked; end one or all others. */
export function SessionList() {
  const { t } = useDevicesTexts();
  const locale = useLocale();
  const list = useQuery(sessionsQueryOptions());
  const end = useEndSessions();
  const rows = list.data ?? [];
  const others = rows.filter((session) => !session.isCurrent).length;
  const endSessions = (sessionId: number | null) =>
    end.mutate(sessionId, {
      onSuccess: (answer) =>
        showToast({
          type: "success",
          message: sessionId === null ? t("sessions.endedOthers", { count: answer.ended }) : t("sessions.ended"),
        }),
      onError: () => showToast({ type: "error", message: t("sessions.failed") }),
    });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="session-list">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t("sessions.title")}
        </Title>
        {others > 0 && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={end.isPending && end.variables === null}
            onClick={() => endSessions(null)}
          >
            {t("sessions.endOthers")}
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : list.isError ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="sm">
          {rows.map((session) => (
            <Group key={session.id} justify="space-between" wrap="nowrap" data-testid="session-row">
              <div>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {session.device ?? t("sessions.unknownDevice")}
                  </Text>
                  {session.isCurrent && (
                    <Badge size="sm" variant="light" data-testid="session-current">
                      {t("sessions.current")}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t("sessions.lastActive", {
                    date: formatDate(session.lastActiveAt, locale, { dateStyle: "medium", timeStyle: "short" }),
                  })}
                  {session.ip ? ` · ${t("sessions.ip", { ip: session.ip })}` : ""}
                  {session.deviceId ? ` · ${t("sessions.deviceId", { id: session.deviceId })}` : ""}
                  {session.country ? ` · ${session.country}` : ""}
                </Text>
              </div>
              {!session.isCurrent && (
                <Button
                  size="xs"
                  variant="default"
                  loading={end.isPending && end.variables === session.id}
                  onClick={() => endSessions(session.id)}
                >
                  {t("sessions.end")}
                </Button>
              )}
            </Group>
          ))}
          {others === 0 && (
            <Text c="dimmed" size="sm">
              {t("sessions.onlyThis")}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
