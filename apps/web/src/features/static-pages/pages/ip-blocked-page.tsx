import { useTranslation } from "react-i18next";
import { GlobeIcon } from "../../../ui/icons.tsx";
import { StatusPage } from "../../../ui/status-page.tsx";

/** The spec's error-ip-blocked page: the server sends blocked visitors here. */
export function IpBlockedPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t("ipBlocked.metaTitle")} · Souk`}</title>
      <StatusPage
        testId="ip-blocked-page"
        icon={<GlobeIcon />}
        title={t("ipBlocked.title")}
        body={t("ipBlocked.body")}
        color="orange"
      />
    </>
  );
}
