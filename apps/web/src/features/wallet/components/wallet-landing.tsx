import { Badge, Button, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cryptoCurrenciesQueryOptions } from "../../../lib/reference-queries.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import {
  ArrowRightIcon,
  ArrowUpRightIcon,
  BondIcon,
  ListIcon,
  QrIcon,
  ShieldCheckIcon,
  WalletIcon,
} from "../../../ui/icons.tsx";
import { useWalletTexts } from "../i18n/wallet-texts.ts";
import { CurrencyIcon } from "./currency-icon.tsx";
import classes from "./wallet.module.css";

const features: readonly { key: string; icon: ReactNode }[] = [
  { key: "balances", icon: <WalletIcon size={20} /> },
  { key: "receive", icon: <QrIcon size={20} /> },
  { key: "send", icon: <ArrowUpRightIcon size={20} /> },
  { key: "escrow", icon: <ShieldCheckIcon size={20} /> },
  { key: "history", icon: <ListIcon size={20} /> },
  { key: "bond", icon: <BondIcon size={20} /> },
];

const steps = ["account", "deposit", "trade"] as const;

function SupportedCurrencies() {
  const { t } = useWalletTexts();
  const currencies = useQuery(cryptoCurrenciesQueryOptions());
  return (
    <div className={classes.landingCard} data-testid="wallet-landing-currencies">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.eyebrowText}>
        {t("landing.currenciesTitle")}
      </Text>
      <Stack gap={10} mt="md">
        {currencies.isPending ? (
          [0, 1, 2].map((index) => <Skeleton key={index} height={52} radius="md" />)
        ) : currencies.isError ? (
          <Text size="sm" c="dimmed">
            {t("landing.currenciesError")}
          </Text>
        ) : (
          currencies.data.map((currency) => (
            <Group key={currency.code} justify="space-between" wrap="nowrap" className={classes.landingCoinRow}>
              <Group gap="sm" wrap="nowrap">
                <CurrencyIcon code={currency.code} icon={currency.icon} size={34} />
                <div>
                  <Text fw={650} size="sm" lh={1.2}>
                    {currency.fullName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {currency.code}
                  </Text>
                </div>
              </Group>
              <Badge variant="default" radius="sm">
                {t("landing.decimals", { count: currency.precision })}
              </Badge>
            </Group>
          ))
        )}
      </Stack>
    </div>
  );
}

/**
 * What the custodial wallet offers, for visitors: on the wallet landing page and in place of the
 * wallet itself when a visitor opens it. The calls to action come back to `returnTo` after
 * log-in or sign-up.
 */
export function WalletLanding({ returnTo }: { returnTo: string }) {
  const { t } = useWalletTexts();
  const { to } = useLocalizedPaths();
  const user = useCurrentUser();

  return (
    <div data-testid="wallet-landing">
      <section className={classes.landingHero}>
        <Container size="lg" className={classes.landingHeroInner}>
          <div className={classes.landingText}>
            <Badge variant="light" size="lg" radius="xl" className={classes.landingEyebrow}>
              {t("landing.eyebrow")}
            </Badge>
            <Title order={1} className={classes.landingTitle}>
              {t("landing.title")}
            </Title>
            <Text className={classes.landingLead}>{t("landing.lead")}</Text>
            <Group gap="sm" mt="xl">
              {user ? (
                <Button component={Link} to={to("wallet")} size="lg" rightSection={<ArrowRightIcon size={18} />}>
                  {t("landing.ctaOpen")}
                </Button>
              ) : (
                <>
                  <Button
                    component={Link}
                    to={to("register", {}, { returnTo })}
                    size="lg"
                    rightSection={<ArrowRightIcon size={18} />}
                    data-testid="wallet-landing-register"
                  >
                    {t("landing.ctaRegister")}
                  </Button>
                  <Button
                    component={Link}
                    to={to("login", {}, { returnTo })}
                    size="lg"
                    variant="default"
                    data-testid="wallet-landing-login"
                  >
                    {t("landing.ctaLogin")}
                  </Button>
                </>
              )}
            </Group>
          </div>
          <SupportedCurrencies />
        </Container>
      </section>

      <section className={classes.landingSection} aria-labelledby="wallet-landing-features">
        <Container size="lg">
          <Title order={2} id="wallet-landing-features" className={classes.landingSectionTitle}>
            {t("landing.featuresTitle")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" mt="xl">
            {features.map((feature) => (
              <div key={feature.key} className={classes.featureCard}>
                <ThemeIcon size={42} radius="md" variant="light">
                  {feature.icon}
                </ThemeIcon>
                <Text component="h3" fw={650} mt="md" size="lg">
                  {t(`landing.features.${feature.key}Title`)}
                </Text>
                <Text size="sm" c="dimmed" mt={6} lh={1.6}>
                  {t(`landing.features.${feature.key}Body`)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Container>
      </section>

      <section className={classes.landingSection} aria-labelledby="wallet-landing-steps">
        <Container size="lg">
          <Title order={2} id="wallet-landing-steps" className={classes.landingSectionTitle}>
            {t("landing.stepsTitle")}
          </Title>
          <ol className={classes.steps}>
            {steps.map((step, index) => (
              <li key={step} className={classes.step}>
                <span className={classes.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <Text component="h3" fw={650}>
                    {t(`landing.steps.${step}Title`)}
                  </Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t(`landing.steps.${step}Body`)}
                  </Text>
                </div>
              </li>
            ))}
          </ol>
        </Container>
      </section>
    </div>
  );
}
