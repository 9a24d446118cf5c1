import { Alert, Badge, Button, Group, List, Paper, Stack, Table, Text } from "@mantine/core";
import type { LedgerVerifyReport } from "@souk/contracts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useLedgerVerifyMutation } from "../api/ledger-api.ts";
import { AdminPage } from "../components/admin-layout.tsx";
import { useLedgerTexts } from "../i18n/ledger-texts.ts";

function Report({ report }: { report: LedgerVerifyReport }) {
  const { t } = useLedgerTexts();
  const locale = useLocale();
  const failing = report.checks.filter((check) => !check.isOk).length;
  return (
    <Stack gap="sm">
      <Alert color={report.isOk ? "souk" : "red"} data-testid="ledger-verdict">
        {report.isOk ? t("allHold", { count: report.checks.length }) : t("someFail", { count: failing })}{" "}
        {t("ranAt", {
          date: formatDate(report.checkedAt, locale, { dateStyle: "medium", timeStyle: "medium" }),
          ms: report.durationMs,
        })}
      </Alert>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" data-testid="ledger-checks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("invariant")}</Table.Th>
              <Table.Th>{t("check")}</Table.Th>
              <Table.Th>{t("looked")}</Table.Th>
              <Table.Th w={120}>{t("result")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.checks.map((check) => (
              <Table.Tr key={check.name} data-testid="ledger-check" data-name={check.name}>
                <Table.Td>{check.invariant}</Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`checks.${check.name}`, { defaultValue: check.description })}</Text>
                  {check.problems.length > 0 ? (
                    <List size="xs" c="red">
                      {check.problems.map((problem) => (
                        <List.Item key={problem}>{problem}</List.Item>
                      ))}
                    </List>
                  ) : null}
                </Table.Td>
                <Table.Td>{check.checkedCount}</Table.Td>
                <Table.Td>
                  <Badge color={check.isOk ? "souk" : "red"} style={{ overflow: "visible" }}>
                    {check.isOk ? t("ok") : t("fails")}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** /admin/ledger: runs ledger:verify on demand and shows each invariant's check (admins only). */
export function AdminLedgerPage() {
  const { t } = useLedgerTexts();
  const verify = useLedgerVerifyMutation();
  return (
    <AdminPage audience="admin" metaTitle={t("title")} title={t("title")} subtitle={t("subtitle")}>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Group>
            <Button onClick={() => verify.mutate()} loading={verify.isPending} data-testid="ledger-verify">
              {t("run")}
            </Button>
          </Group>
          {verify.data ? (
            <Report report={verify.data} />
          ) : verify.isError ? (
            <Text c="red">{t("failed")}</Text>
          ) : (
            <Text c="dimmed">{t("notRun")}</Text>
          )}
        </Stack>
      </Paper>
    </AdminPage>
  );
}
