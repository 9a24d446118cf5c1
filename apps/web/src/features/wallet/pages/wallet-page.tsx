import { Alert, Button, Container, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import { useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon, ArrowDownLeftIcon, ArrowUpRightIcon, ServerIcon } from "../../../ui/icons.tsx";
import { useWalletOverview } from "../api/use-wallet-overview.ts";
import { AssetsList } from "../components/assets-list.tsx";
import { BalanceOverview } from "../components/balance-overview.tsx";
import { BalanceVisibilityProvider } from "../components/balance-visibility.tsx";
import { BondSection } from "../components/bond-section.tsx";
import { HistorySection } from "../components/history-section.tsx";
import { ReceivePanel } from "../components/receive-panel.tsx";
import { SendForm } from "../components/send-form.tsx";
import classes from "../components/wallet.module.css";
import { WalletLanding } from "../components/wallet-landing.tsx";
import { useWalletTexts } from "../i18n/wallet-texts.ts";

/** The KYC action that blocks the wallet (docs/product.md#restrictions-and-blocked-kyc-actions). */
const USE_WALLET = "use-wallet";

type PanelTab = "send" | "receive";

function WalletDashboard({ user }: { user: CurrentUser }) {
  const { t } = useWalletTexts();
  const { to } = useLocalizedPaths();
  const overview = useWalletOverview();
  const [chosenCode, setChosenCode] = useState("");
  const [tab, setTab] = useState<PanelTab>("send");
  const panelRef = useRef<HTMLElement>(null);
  const code = chosenCode || (overview.currencies.find((currency) => !currency.isBlocked)?.code ?? "");
  const isBlocked = user.blockedKycActions.includes(USE_WALLET);
  const isAdmin = user.roles.includes("admin");

  function openPanel(next: PanelTab, nextCode?: string): void {
    setTab(next);
    if (nextCode) setChosenCode(nextCode);
    const panel = panelRef.current;
    // On narrow screens the panel sits below the balances: bring it into view.
    if (panel && panel.getBoundingClientRect().top > window.innerHeight * 0.6) {
      panel.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  }

  return (
    <Container size="lg" className={classes.page} data-testid="wallet-page">
      <header className={classes.pageHeader}>
        <div>
          <Title order={1} className={classes.pageTitle}>
            {t("page.title")}
          </Title>
          <Text c="dimmed" mt={4}>
            {t("page.subtitle")}
          </Text>
        </div>
        {isAdmin ? (
          <Button
            component={Link}
            to={to("adminWalletDeposits")}
            variant="light"
            color="gray"
            leftSection={<ServerIcon size={16} />}
          >
            {t("page.adminLink")}
          </Button>
        ) : null}
      </header>

      {isBlocked ? (
        <Alert color="orange" variant="light" icon={<AlertTriangleIcon />} title={t("page.blockedTitle")} mb="lg">
          <Text size="sm" mb="xs">
            {t("page.blockedBody")}
          </Text>
          <Button component={Link} to={to("kycVerification")} size="xs" variant="light" color="orange">
            {t("page.blockedAction")}
          </Button>
        </Alert>
      ) : null}

      <div className={classes.layout}>
        <div className={classes.areaTotal}>
          <BalanceOverview
            meta={overview.meta}
            isLoading={overview.isLoading}
            hasError={overview.error !== null}
            onRetry={overview.refetch}
            onSend={() => openPanel("send")}
            onReceive={() => openPanel("receive")}
          />
        </div>
        <div className={classes.areaAssets}>
          <AssetsList
            assets={overview.assets}
            fiatCode={overview.fiatCode}
            isLoading={overview.isLoading}
            selectedCode={code}
            onSend={(next) => openPanel("send", next)}
            onReceive={(next) => openPanel("receive", next)}
          />
        </div>
        <aside className={classes.areaPanel} ref={panelRef} aria-label={t("panel.label")}>
          <section className={classes.card} data-testid="wallet-panel">
            <Tabs value={tab} onChange={(value) => setTab((value as PanelTab | null) ?? "send")} keepMounted={false}>
              <Tabs.List grow mb="lg">
                <Tabs.Tab value="send">
                  <span className={classes.tabLabel}>
                    <ArrowUpRightIcon size={16} />
                    {t("panel.sendTab")}
                  </span>
                </Tabs.Tab>
                <Tabs.Tab value="receive">
                  <span className={classes.tabLabel}>
                    <ArrowDownLeftIcon size={16} />
                    {t("panel.receiveTab")}
                  </span>
                </Tabs.Tab>
              </Tabs.List>
              {overview.currencies.length === 0 ? (
                <Stack gap="sm" aria-hidden="true">
                  <Skeleton height={56} radius="md" />
                  <Skeleton height={56} radius="md" />
                  <Skeleton height={120} radius="md" />
                </Stack>
              ) : (
                <>
                  <Tabs.Panel value="send">
                    <SendForm
                      currencies={overview.currencies}
                      code={code}
                      onCodeChange={setChosenCode}
                      isBlocked={isBlocked}
                    />
                  </Tabs.Panel>
                  <Tabs.Panel value="receive">
                    {isBlocked ? (
                      <Text size="sm" c="dimmed">
                        {t("page.blockedBody")}
                      </Text>
                    ) : (
                      <ReceivePanel currencies={overview.currencies} code={code} onCodeChange={setChosenCode} />
                    )}
                  </Tabs.Panel>
                </>
              )}
            </Tabs>
          </section>
        </aside>
        <div className={classes.areaBond}>
          <BondSection currencies={overview.currencies} isBlocked={isBlocked} />
        </div>
      </div>

      <div className={classes.historyBlock}>
        <HistorySection currencies={overview.currencies} />
      </div>
    </Container>
  );
}

/**
 * The wallet (docs/product.md#wallet). A visitor sees what the wallet offers, with log-in and
 * sign-up that come back here, rather than being sent away to a bare log-in form.
 */
export function WalletPage() {
  const { t } = useWalletTexts();
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  if (!user) {
    return (
      <>
        <title>{`${t("landing.metaTitle")} · Souk`}</title>
        <WalletLanding returnTo={`${pathname}${search}`} />
      </>
    );
  }
  return (
    <>
      <title>{`${t("page.metaTitle")} · Souk`}</title>
      <BalanceVisibilityProvider isHiddenByDefault={user.isBalanceHidden}>
        <WalletDashboard user={user} />
      </BalanceVisibilityProvider>
    </>
  );
}
