import { Button } from "@mantine/core";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ArrowRightIcon, BanIcon } from "../../../ui/icons.tsx";
import { StatusPage } from "../../../ui/status-page.tsx";
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
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  if (!user) return <Navigate to={to("login", {}, { returnTo: `${pathname}${search}` })} replace />;
  if (!user.isStaff) {
    return (
      <>
        <title>{`${t("notAllowedTitle")} · Souk`}</title>
        <StatusPage
          testId="disputes-not-allowed"
          icon={<BanIcon />}
          color="red"
          eyebrow="403"
          title={t("notAllowedTitle")}
          body={t("notAllowedBody")}
          actions={
            <Button component={Link} to={to("dashboard")} variant="light" rightSection={<ArrowRightIcon size={16} />}>
              {t("backToDashboard")}
            </Button>
          }
        />
      </>
    );
  }
  return <DisputesScreen />;
}
