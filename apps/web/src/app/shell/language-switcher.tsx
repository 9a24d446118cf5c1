import { Group } from "@mantine/core";
import { SUPPORTED_LOCALES } from "@souk/contracts";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { parseLocalePath, switchLocalePath } from "../../lib/locale-routing.ts";
import { GlobeIcon } from "../../ui/icons.tsx";
import classes from "./footer.module.css";

/** Plain links to the same page in each language: the path, query and hash are kept. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = parseLocalePath(location.pathname).locale;
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={t("footer.language")} data-testid="language-switcher">
      <GlobeIcon size={16} className={classes.globe} />
      {SUPPORTED_LOCALES.map((locale) => (
        <Link
          key={locale}
          to={switchLocalePath(location, locale)}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === current ? "true" : undefined}
          className={classes.language}
          data-testid={`language-${locale}`}
        >
          {t(`languages.${locale}`)}
        </Link>
      ))}
    </Group>
  );
}
