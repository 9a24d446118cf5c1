import { Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import {
  ArrowRightIcon,
  BanknoteIcon,
  CardIcon,
  CheckIcon,
  LockIcon,
  SearchIcon,
  ServerIcon,
  ShieldCheckIcon,
  UsersIcon,
  WalletIcon,
} from "../../../ui/icons.tsx";
import { useLandingTexts } from "../i18n/landing-texts.ts";
import classes from "./home-page.module.css";

/** The currencies of the spec with their decimals (docs/product.md#reference-data). */
const assets = [
  { code: "BTC", name: "Bitcoin", decimals: 8, symbol: "B", color: "#f7931a" },
  { code: "ETH", name: "Ether", decimals: 9, symbol: "Ξ", color: "#627eea" },
  { code: "USDT", name: "Tether", decimals: 6, symbol: "₮", color: "#26a17b" },
] as const;

const steps: readonly { key: string; icon: ReactNode }[] = [
  { key: "find", icon: <SearchIcon /> },
  { key: "open", icon: <LockIcon /> },
  { key: "pay", icon: <BanknoteIcon /> },
  { key: "release", icon: <WalletIcon /> },
];

const reasons: readonly { key: string; icon: ReactNode }[] = [
  { key: "escrow", icon: <ShieldCheckIcon /> },
  { key: "people", icon: <UsersIcon /> },
  { key: "methods", icon: <CardIcon /> },
  { key: "selfHosted", icon: <ServerIcon /> },
];

function AssetsCard() {
  const { t } = useLandingTexts();
  return (
    <div className={classes.visual}>
      <Paper className={classes.assetsCard} radius="lg" p="lg" pb={72} withBorder>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.cardEyebrow}>
          {t("assetsTitle")}
        </Text>
        <Stack gap={10} mt="md">
          {assets.map((asset) => (
            <Group key={asset.code} justify="space-between" wrap="nowrap" className={classes.assetRow}>
              <Group gap="sm" wrap="nowrap">
                <span className={classes.coin} style={{ background: asset.color }} aria-hidden="true">
                  {asset.symbol}
                </span>
                <div>
                  <Text fw={650} size="sm" lh={1.2}>
                    {asset.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {asset.code}
                  </Text>
                </div>
              </Group>
              <Badge variant="default" radius="sm" className={classes.decimals}>
                {t("decimals", { count: asset.decimals })}
              </Badge>
            </Group>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="md">
          {t("assetsNote")}
        </Text>
      </Paper>
      <Paper className={classes.escrowCard} radius="lg" p="md" withBorder shadow="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={38} radius="md" color="souk" variant="filled">
            <ShieldCheckIcon size={20} />
          </ThemeIcon>
          <div>
            <Text fw={650} size="sm">
              {t("escrowCardTitle")}
            </Text>
            <Text size="xs" c="dimmed" mt={2}>
              {t("escrowCardBody")}
            </Text>
          </div>
        </Group>
      </Paper>
    </div>
  );
}

export function HomePage() {
  const { t } = useLandingTexts();
  const { to } = useLocalizedPaths();
  const user = useCurrentUser();

  return (
    <>
      <title>{t("metaTitle")}</title>
      <section className={classes.hero}>
        <Container size="lg" className={classes.heroInner}>
          <div className={classes.heroText}>
            <Badge variant="light" size="lg" radius="xl" className={classes.eyebrow}>
              {t("eyebrow")}
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              {t("title")}
            </Title>
            <Text className={classes.lead}>{t("lead")}</Text>
            <Group gap="sm" mt="xl" className={classes.ctas}>
              <Button
                component={Link}
                to={to("marketplaceBuy")}
                size="lg"
                rightSection={<ArrowRightIcon size={18} />}
                data-testid="hero-buy"
              >
                {t("ctaBuy")}
              </Button>
              <Button component={Link} to={to("marketplaceSell")} size="lg" variant="default" data-testid="hero-sell">
                {t("ctaSell")}
              </Button>
            </Group>
            {user ? null : (
              <Group gap={6} mt="md">
                <CheckIcon size={16} className={classes.checkIcon} />
                <Text size="sm" c="dimmed">
                  <Link to={to("register")} className={classes.inlineLink}>
                    {t("ctaRegister")}
                  </Link>
                </Text>
              </Group>
            )}
          </div>
          <AssetsCard />
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="how-it-works">
        <Container size="lg">
          <Stack gap={6} mb={36} className={classes.sectionHead}>
            <Title order={2} id="how-it-works" className={classes.sectionTitle}>
              {t("howTitle")}
            </Title>
            <Text c="dimmed" size="lg">
              {t("howLead")}
            </Text>
          </Stack>
          <ol className={classes.steps}>
            {steps.map((step, index) => (
              <li key={step.key} className={classes.step}>
                <Group justify="space-between" align="center" mb="md">
                  <ThemeIcon size={44} radius="md" variant="light" color="souk">
                    {step.icon}
                  </ThemeIcon>
                  <span className={classes.stepNumber}>{String(index + 1).padStart(2, "0")}</span>
                </Group>
                <Text fw={650} size="lg">
                  {t(`steps.${step.key}.title`)}
                </Text>
                <Text c="dimmed" size="sm" mt={6}>
                  {t(`steps.${step.key}.body`)}
                </Text>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="why-souk">
        <Container size="lg">
          <Title order={2} id="why-souk" className={classes.sectionTitle} mb={36}>
            {t("whyTitle")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {reasons.map((reason) => (
              <Group key={reason.key} wrap="nowrap" align="flex-start" gap="md" className={classes.reason}>
                <ThemeIcon size={40} radius="md" variant="filled" color="souk">
                  {reason.icon}
                </ThemeIcon>
                <div>
                  <Text fw={650}>{t(`why.${reason.key}.title`)}</Text>
                  <Text c="dimmed" size="sm" mt={4}>
                    {t(`why.${reason.key}.body`)}
                  </Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
        </Container>
      </section>

      <section className={classes.section}>
        <Container size="lg">
          <div className={classes.ctaBand}>
            <div>
              <Title order={2} className={classes.ctaTitle}>
                {t("ctaBandTitle")}
              </Title>
              <Text className={classes.ctaBody}>{t("ctaBandBody")}</Text>
            </div>
            <Group gap="sm">
              <Button component={Link} to={to("marketplaceBuy")} size="md" variant="white" color="dark">
                {t("browseOffers")}
              </Button>
              {user ? null : (
                <Button component={Link} to={to("register")} size="md" className={classes.ctaSecondary}>
                  {t("ctaRegister")}
                </Button>
              )}
            </Group>
          </div>
        </Container>
      </section>
    </>
  );
}
