import { Alert, Code, Table, Text } from "@mantine/core";
import type { DevSms } from "@souk/contracts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useDevMailboxTexts } from "../i18n/dev-mailbox-texts.ts";
import { OutboxStatusBadge } from "./outbox-status-badge.tsx";

/** The SMS outbox, newest first, each message with its text (codes are short). */
export function SmsList({ isOpen, items }: { isOpen: boolean; items: readonly DevSms[] }) {
  const { t } = useDevMailboxTexts();
  const locale = useLocale();
  if (!isOpen) {
    return (
      <Alert color="gray">
        {t("smsClosed")} <Code>npm run souk -- sms:list</Code>
      </Alert>
    );
  }
  if (items.length === 0) return <Text c="dimmed">{t("smsEmpty")}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" data-testid="dev-sms-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("columns.time")}</Table.Th>
            <Table.Th>{t("columns.to")}</Table.Th>
            <Table.Th>{t("columns.channel")}</Table.Th>
            <Table.Th>{t("columns.text")}</Table.Th>
            <Table.Th>{t("columns.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((sms) => (
            <Table.Tr key={sms.id} data-testid="dev-sms-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Text size="sm" c="dimmed">
                  {formatDate(sms.createdAt, locale, { dateStyle: "short", timeStyle: "medium" })}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Text size="sm">{sms.to}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`channel.${sms.channel}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {sms.body}
                </Text>
              </Table.Td>
              <Table.Td>
                <OutboxStatusBadge status={sms.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
