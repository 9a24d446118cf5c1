import { Anchor, Badge, Table, Text } from "@mantine/core";
import type { AuditEntry } from "@souk/contracts";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useAdminTexts } from "../i18n/admin-texts.ts";

function Actor({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminTexts();
  if (entry.actorKind === "cli")
    return (
      <Badge variant="light" color="grape">
        {t("audit.cli")}
      </Badge>
    );
  if (entry.actorKind === "job")
    return (
      <Badge variant="light" color="gray">
        {t("audit.job")}
      </Badge>
    );
  return <Text size="sm">{entry.actorUsername ?? "—"}</Text>;
}

/** What the action did, in words, with the kind or role it named. */
function actionText(t: TFunction, entry: AuditEntry): string {
  const action = t(`actions.${entry.action.replace(".", "_")}`, { defaultValue: entry.action });
  const detail = entry.details.kind ?? entry.details.role ?? entry.details.outcome ?? entry.details.kycAction;
  if (typeof detail !== "string") return action;
  const fallback = t(`kycActions.${detail}`, { defaultValue: detail });
  const named = t(`kinds.${detail}`, { defaultValue: t(`roles.${detail}`, { defaultValue: fallback }) });
  return t("audit.withDetail", { action, detail: named });
}

function Subject({ entry }: { entry: AuditEntry }) {
  const { to } = useLocalizedPaths();
  if (entry.subjectType === "user" && entry.subjectId) {
    return (
      <Anchor component={Link} to={to("adminUser", { username: entry.subjectId })} size="sm">
        {entry.subjectId}
      </Anchor>
    );
  }
  if (entry.subjectType === "trade" && entry.subjectId) {
    return (
      <Anchor component={Link} to={to("viewTrade", { id: entry.subjectId })} size="sm">
        {entry.subjectId}
      </Anchor>
    );
  }
  if (entry.subjectType === "offer" && entry.subjectId) {
    return (
      <Anchor component={Link} to={to("adminOffers", {}, { status: "all", q: entry.subjectId })} size="sm">
        {entry.subjectId}
      </Anchor>
    );
  }
  return <Text size="sm">{entry.subjectId ? `${entry.subjectType} ${entry.subjectId}` : "—"}</Text>;
}

/** Rows of the audit log: who, when, what, on whom and why. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useAdminTexts();
  const locale = useLocale();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" striped data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("audit.when")}</Table.Th>
            <Table.Th>{t("audit.who")}</Table.Th>
            <Table.Th>{t("audit.what")}</Table.Th>
            <Table.Th>{t("audit.onWhom")}</Table.Th>
            <Table.Th>{t("audit.why")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="audit-row">
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatDate(entry.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Actor entry={entry} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{actionText(t, entry)}</Text>
              </Table.Td>
              <Table.Td>
                <Subject entry={entry} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={entry.reason ? undefined : "dimmed"}>
                  {entry.reason || "—"}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
