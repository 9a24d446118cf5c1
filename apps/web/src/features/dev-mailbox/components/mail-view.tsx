import { Alert, Anchor, Box, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { ArrowLeftIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { devMailQueryOptions } from "../api/dev-mailbox-api.ts";
import { useDevMailboxTexts } from "../i18n/dev-mailbox-texts.ts";
import { OutboxStatusBadge } from "./outbox-status-badge.tsx";

/**
 * What the HTML part is shown in: a sandboxed frame (no scripts, forms or pop-ups, an origin of
 * its own) whose policy also loads nothing from the network, and whose links would open a pop-up,
 * which the sandbox refuses.
 */
function sandboxedHtml(html: string): string {
  const policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
  return `<meta http-equiv="Content-Security-Policy" content="${policy}"><base target="_blank">${html}`;
}

/** One mail of the outbox: its recipient and delivery, its text part, and its HTML part sandboxed. */
export function MailView({ id }: { id: number }) {
  const { t } = useDevMailboxTexts();
  const locale = useLocale();
  const mail = useQuery(devMailQueryOptions(id));
  const back = (
    <Anchor component={Link} to={{ search: "" }} size="sm" data-testid="dev-mail-back">
      <Group gap={4} component="span">
        <ArrowLeftIcon size={14} />
        {t("view.close")}
      </Group>
    </Anchor>
  );
  if (mail.isPending) return <Text c="dimmed">…</Text>;
  if (mail.isError) {
    return (
      <Stack gap="sm">
        {back}
        <LoadError message={t("view.notFound")} retryLabel={t("retry")} onRetry={() => void mail.refetch()} />
      </Stack>
    );
  }
  const { data } = mail;
  return (
    <Stack gap="md" data-testid="dev-mail-view">
      {back}
      <div>
        <Title order={2} size="h3">
          {data.subject}
        </Title>
        <Group gap="xs" mt={6}>
          <Text size="sm">
            {t("view.to")}: <strong>{data.to}</strong>
          </Text>
          <OutboxStatusBadge status={data.status} />
          <Text size="sm" c="dimmed">
            {t("view.created")} {formatDate(data.createdAt, locale, { dateStyle: "medium", timeStyle: "medium" })}
          </Text>
        </Group>
        {data.attempts > 0 ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t("view.attempts", { count: data.attempts })}
          </Text>
        ) : null}
        {data.lastError ? (
          <Alert color="red" mt="xs">
            {t("view.lastError", { error: data.lastError })}
          </Alert>
        ) : null}
      </div>
      <Tabs defaultValue="text" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="text">{t("view.textTab")}</Tabs.Tab>
          <Tabs.Tab value="html">{t("view.htmlTab")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="text" pt="md">
          <Box
            component="pre"
            m={0}
            ff="monospace"
            fz="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            data-testid="dev-mail-text"
          >
            {data.text}
          </Box>
        </Tabs.Panel>
        <Tabs.Panel value="html" pt="md">
          <iframe
            title={t("view.htmlFrame")}
            sandbox=""
            srcDoc={sandboxedHtml(data.html)}
            style={{
              width: "100%",
              height: 480,
              border: "1px solid var(--mantine-color-default-border)",
              borderRadius: 8,
              background: "#fff",
            }}
            data-testid="dev-mail-html"
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
