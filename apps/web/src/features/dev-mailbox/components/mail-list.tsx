import { Alert, Code, Table, Text } from "@mantine/core";
import type { DevMailSummary } from "@souk/contracts";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useDevMailboxTexts } from "../i18n/dev-mailbox-texts.ts";
import { OutboxStatusBadge } from "./outbox-status-badge.tsx";

/** The mail outbox, newest first; each subject opens the mail (`?mail=<id>`). */
export function MailList({ isOpen, items }: { isOpen: boolean; items: readonly DevMailSummary[] }) {
  const { t } = useDevMailboxTexts();
  const locale = useLocale();
  if (!isOpen) {
    return (
      <Alert color="gray">
        {t("mailClosed")} <Code>npm run souk -- mail:list</Code>
      </Alert>
    );
  }
  if (items.length === 0) return <Text c="dimmed">{t("mailEmpty")}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="dev-mail-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("columns.time")}</Table.Th>
            <Table.Th>{t("columns.to")}</Table.Th>
            <Table.Th>{t("columns.subject")}</Table.Th>
            <Table.Th>{t("columns.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((mail) => (
            <Table.Tr key={mail.id} data-testid="dev-mail-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Text size="sm" c="dimmed">
                  {formatDate(mail.createdAt, locale, { dateStyle: "short", timeStyle: "medium" })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{mail.to}</Text>
              </Table.Td>
              <Table.Td>
                <Text component={Link} to={{ search: `?mail=${mail.id}` }} size="sm" fw={600} c="souk">
                  {mail.subject}
                </Text>
              </Table.Td>
              <Table.Td>
                <OutboxStatusBadge status={mail.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
