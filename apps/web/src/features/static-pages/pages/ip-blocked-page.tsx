import { GlobeIcon } from "../../../ui/icons.tsx";
import { StatusPage } from "../../../ui/status-page.tsx";
import { useStaticPagesTexts } from "../i18n/static-pages-texts.ts";

/** The spec's error-ip-blocked page: the server sends blocked visitors here. */
export function IpBlockedPage() {
  const { t } = useStaticPagesTexts();
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
