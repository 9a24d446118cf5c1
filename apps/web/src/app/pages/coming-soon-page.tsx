import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PathName } from "../../lib/paths.ts";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { ArrowRightIcon, HourglassIcon } from "../../ui/icons.tsx";
import { StatusPage } from "../../ui/status-page.tsx";
import { screenNames } from "./screen-names.ts";

/**
 * The placeholder of every screen that is not built yet. It names the screen and says plainly
 * that nothing works here yet; a feature replaces it by giving its route a page in routes.tsx.
 */
export function ComingSoonPage({ screen }: { screen: PathName }) {
  const { t } = useTranslation();
  const { to, locale } = useLocalizedPaths();
  const screenName = screenNames[locale][screen];
  return (
    <>
      <title>{`${screenName} · Souk`}</title>
      <StatusPage
        testId="coming-soon-page"
        icon={<HourglassIcon />}
        eyebrow={t("comingSoon.badge")}
        title={t("comingSoon.title", { screen: screenName })}
        body={t("comingSoon.body")}
        actions={
          <Button component={Link} to={to("home")} variant="light" rightSection={<ArrowRightIcon size={16} />}>
            {t("common.backHome")}
          </Button>
        }
      />
    </>
  );
}
