import { Anchor, Badge, Table } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { userVerificationsQueryOptions } from "../api/user-sections-api.ts";
import { useUserSectionsTexts } from "../i18n/user-sections-texts.ts";
import { VERIFICATION_STATUS_COLORS } from "./review-item-format.ts";
import { Section } from "./user-details.tsx";

/** The account's verification submissions; each opens on its review page, where its documents are viewed. */
export function UserVerifications({ username }: { username: string }) {
  const { t } = useUserSectionsTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const submissions = useQuery(userVerificationsQueryOptions(username));
  if (submissions.isPending) return null;
  if (submissions.isError) {
    return <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void submissions.refetch()} />;
  }
  return (
    <Section title={t("verifications.title")} testId="admin-user-verifications" isEmpty={submissions.data.length === 0}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("verifications.type")}</Table.Th>
          <Table.Th>{t("verifications.status")}</Table.Th>
          <Table.Th>{t("verifications.sent")}</Table.Th>
          <Table.Th>{t("verifications.documents")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {submissions.data.map((submission) => (
          <Table.Tr key={submission.id}>
            <Table.Td>
              <Anchor component={Link} to={to("adminVerification", { id: submission.id })} size="sm">
                {t(`verifications.types.${submission.type}`)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge size="xs" variant="light" color={VERIFICATION_STATUS_COLORS[submission.status]}>
                {t(`verifications.statuses.${submission.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(submission.createdAt, locale, { dateStyle: "medium" })}</Table.Td>
            <Table.Td>
              {submission.documents.map((document) => t(`verifications.sides.${document.side}`)).join(", ") || "—"}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}
