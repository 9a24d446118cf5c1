import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { CompassIcon } from "../../ui/icons.tsx";
import { StatusPage } from "../../ui/status-page.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  return (
    <>
      <title>{`${t("notFound.metaTitle")} · Souk`}</title>
      <StatusPage
        testId="not-found-page"
        icon={<CompassIcon />}
        eyebrow={t("notFound.code")}
        title={t("notFound.title")}
        body={t("notFound.body")}
        actions={
          <Button component={Link} to={to("home")}>
            {t("common.backHome")}
          </Button>
        }
      />
    </>
  );
}
