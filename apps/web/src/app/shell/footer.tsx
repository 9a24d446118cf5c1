import { Container, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getAppConfig } from "../../lib/app-config.ts";
import type { PathName } from "../../lib/paths.ts";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { Logo } from "../../ui/logo.tsx";
import classes from "./footer.module.css";
import { LanguageSwitcher } from "./language-switcher.tsx";

interface FooterColumn {
  titleKey: string;
  links: readonly { name: PathName; labelKey: string }[];
}

const columns: readonly FooterColumn[] = [
  {
    titleKey: "footer.marketplace",
    links: [
      { name: "marketplaceBuy", labelKey: "footer.buyCrypto" },
      { name: "marketplaceSell", labelKey: "footer.sellCrypto" },
      { name: "giftCardsLanding", labelKey: "footer.giftCards" },
      { name: "walletLanding", labelKey: "footer.wallet" },
    ],
  },
  {
    titleKey: "footer.company",
    links: [
      { name: "about", labelKey: "footer.about" },
      { name: "fees", labelKey: "footer.fees" },
      { name: "developers", labelKey: "footer.developers" },
      { name: "partnerProgram", labelKey: "footer.partnerProgram" },
    ],
  },
  {
    titleKey: "footer.legal",
    links: [
      { name: "termsOfService", labelKey: "footer.terms" },
      { name: "privacyPolicy", labelKey: "footer.privacy" },
      { name: "vendorTerms", labelKey: "footer.vendorTerms" },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  const { version } = getAppConfig();
  return (
    <footer className={classes.footer} data-testid="app-footer">
      <Container size="lg">
        <div className={classes.top}>
          <Stack gap="sm" className={classes.brand}>
            <Logo size="sm" />
            <Text size="sm" c="dimmed" maw={300}>
              {t("footer.tagline")}
            </Text>
          </Stack>
          <div className={classes.columns}>
            {columns.map((column) => (
              <nav key={column.titleKey} aria-label={t(column.titleKey)}>
                <Text component="h2" className={classes.columnTitle}>
                  {t(column.titleKey)}
                </Text>
                <ul className={classes.list}>
                  {column.links.map((link) => (
                    <li key={link.name}>
                      <Link to={to(link.name)} className={classes.link}>
                        {t(link.labelKey)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <Group justify="space-between" gap="md" className={classes.bottom}>
          <Text size="xs" c="dimmed">
            {t("footer.copyright", { year: new Date().getFullYear() })} · {t("footer.version", { version })}
          </Text>
          <LanguageSwitcher />
        </Group>
      </Container>
    </footer>
  );
}
