import { Badge, Button, Code, Container, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { MailIcon, RefreshIcon, ServerIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { RoleGate } from "../../../ui/role-gate.tsx";
import { devMailboxKeys, devMailListQueryOptions, devSmsListQueryOptions } from "../api/dev-mailbox-api.ts";
import { MailList } from "../components/mail-list.tsx";
import { MailView } from "../components/mail-view.tsx";
import { SmsList } from "../components/sms-list.tsx";
import { useDevMailboxTexts } from "../i18n/dev-mailbox-texts.ts";

/** A list's three states: loading, failed (with a retry), or the list itself. */
function Loaded<Data>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: Data | undefined; refetch: () => unknown };
  children: (data: Data) => React.ReactNode;
}) {
  const { t } = useDevMailboxTexts();
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-hidden="true">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    return <LoadError message={t("loadError")} retryLabel={t("retry")} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

function DevMailbox() {
  const { t } = useDevMailboxTexts();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const mail = useQuery(devMailListQueryOptions());
  const sms = useQuery(devSmsListQueryOptions());
  const openId = Number(searchParams.get("mail"));
  const isReading = Number.isSafeInteger(openId) && openId > 0;
  return (
    <Container size="lg" py="xl" data-testid="dev-mailbox-page">
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Badge variant="light" color="gray" radius="sm" leftSection={<ServerIcon size={12} />}>
            {t("eyebrow")}
          </Badge>
          <Title order={1} mt={8}>
            {t("title")}
          </Title>
          <Text c="dimmed" mt={4} maw={720}>
            {t("subtitle")} {t("cliHint")} <Code>npm run souk -- mail:list</Code>
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<RefreshIcon size={16} />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: devMailboxKeys.all })}
          data-testid="dev-mailbox-refresh"
        >
          {t("refresh")}
        </Button>
      </Group>
      <Paper withBorder p="lg" radius="md">
        {isReading ? (
          <MailView id={openId} />
        ) : (
          <Tabs defaultValue="mail" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="mail" leftSection={<MailIcon size={16} />} data-testid="dev-mailbox-tab-mail">
                {t("tabs.mail")}
              </Tabs.Tab>
              <Tabs.Tab value="sms" data-testid="dev-mailbox-tab-sms">
                {t("tabs.sms")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="mail">
              <Loaded query={mail}>{(data) => <MailList isOpen={data.isOpen} items={data.items} />}</Loaded>
            </Tabs.Panel>
            <Tabs.Panel value="sms">
              <Loaded query={sms}>{(data) => <SmsList isOpen={data.isOpen} items={data.items} />}</Loaded>
            </Tabs.Panel>
          </Tabs>
        )}
      </Paper>
    </Container>
  );
}

/** /admin/mail: the dev mailbox (admin role only); everyone else is told plainly it is not for them. */
export function DevMailboxPage() {
  const { t } = useDevMailboxTexts();
  const { to } = useLocalizedPaths();
  return (
    <RoleGate
      allows={(user) => user.roles.includes("admin")}
      metaTitle={t("metaTitle")}
      refusal={{
        testId: "admin-not-allowed",
        title: t("notAllowedTitle"),
        body: t("notAllowedBody"),
        backLabel: t("backHome"),
        backTo: to("home"),
      }}
    >
      <DevMailbox />
    </RoleGate>
  );
}
