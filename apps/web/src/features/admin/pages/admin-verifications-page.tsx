import { Stack, Tabs } from "@mantine/core";
import { useSearchParams } from "react-router";
import { AdminPage } from "../components/admin-layout.tsx";
import { CompaniesQueue } from "../components/companies-queue.tsx";
import { SubmissionsQueue } from "../components/submissions-queue.tsx";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

type QueueKind = "submissions" | "companies";

function QueueScreen() {
  const { t } = useVerificationQueueTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind: QueueKind = searchParams.get("kind") === "companies" ? "companies" : "submissions";
  return (
    <Tabs
      value={kind}
      onChange={(next) => setSearchParams(next === "companies" ? { kind: next } : {})}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="submissions" data-testid="queue-kind-submissions">
          {t("kinds.submissions")}
        </Tabs.Tab>
        <Tabs.Tab value="companies" data-testid="queue-kind-companies">
          {t("kinds.companies")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="submissions">
        <Stack gap="md">
          <SubmissionsQueue />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="companies">
        <CompaniesQueue />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * /admin/verifications: the identity and address submissions of a status (waiting for review by
 * default), and the open company applications (?kind=companies), for every staff role.
 */
export function AdminVerificationsPage() {
  const { t } = useVerificationQueueTexts();
  return (
    <AdminPage audience="staff" metaTitle={t("title")} title={t("title")} subtitle={t("subtitle")}>
      <QueueScreen />
    </AdminPage>
  );
}
