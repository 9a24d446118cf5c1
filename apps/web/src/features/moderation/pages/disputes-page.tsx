import { useSearchParams } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { RoleGate } from "../../../ui/role-gate.tsx";
import { TitledPage } from "../../../ui/titled-page.tsx";
import { isDisputeListStatus } from "../api/moderation-api.ts";
import { DisputesView } from "../components/disputes-list.tsx";
import { useModerationTexts } from "../i18n/moderation-texts.ts";

/** The queue's tab and page live in the URL, so a moderator can share or reload a view. */
function DisputesScreen() {
  const { t } = useModerationTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get("status");
  const status = isDisputeListStatus(rawStatus) ? rawStatus : "open";
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  return (
    <TitledPage metaTitle={t("metaTitle")} title={t("title")} subtitle={t("subtitle")} size={1000}>
      <DisputesView
        status={status}
        page={page}
        headingOrder={2}
        onChange={(next) =>
          setSearchParams(next.page > 1 ? { status: next.status, page: String(next.page) } : { status: next.status })
        }
      />
    </TitledPage>
  );
}

/** /moderation/disputes: every dispute for staff (moderator, supermod, admin); others are told it is not for them. */
export function DisputesPage() {
  const { t } = useModerationTexts();
  const { to } = useLocalizedPaths();
  return (
    <RoleGate
      allows={(user) => user.isStaff}
      refusal={{
        testId: "disputes-not-allowed",
        title: t("notAllowedTitle"),
        body: t("notAllowedBody"),
        backLabel: t("backToDashboard"),
        backTo: to("dashboard"),
      }}
    >
      <DisputesScreen />
    </RoleGate>
  );
}
