import { Button, Container, Loader, SegmentedControl, Stack, Text } from "@mantine/core";
import type { TradeStatus } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useParams, useSearchParams } from "react-router";
import { useTabAlert } from "../../../lib/use-tab-alert.ts";
import { StatusPage } from "../../../ui/status-page.tsx";
import { tradeQueryOptions } from "../api/trade-api.ts";
import { useTradeLive } from "../api/use-trade-live.ts";
import classes from "../components/trade.module.css";
import { TradeActions } from "../components/trade-actions.tsx";
import { TradeChat } from "../components/trade-chat.tsx";
import { TradeFeedback } from "../components/trade-feedback.tsx";
import { TradeHeading, TradeOverview } from "../components/trade-overview.tsx";
import { TradeReports } from "../components/trade-reports.tsx";
import { TradeRequirements } from "../components/trade-requirements.tsx";
import { useTradeTexts } from "../i18n/trade-texts.ts";
import { isDisputeRedirect, TRADE_VIEW_PARAM } from "../model/dispute-redirect.ts";

/**
 * When the trade becomes dispute_open under the viewer's eyes, the page moves to its chat view
 * (`?view=chat`, the chat tab on a phone), where the moderator decides (docs/product.md#disputes).
 */
function useDisputeRedirect(status: TradeStatus | undefined, openChat: () => void) {
  const [, setSearchParams] = useSearchParams();
  const seen = useRef<TradeStatus | null>(null);
  useEffect(() => {
    if (!status) return;
    if (isDisputeRedirect(seen.current, status)) {
      setSearchParams({ [TRADE_VIEW_PARAM]: "chat" }, { replace: true });
      openChat();
    }
    seen.current = status;
  }, [status, openChat, setSearchParams]);
}

export interface TradePageProps {
  /** What a party may do about the other one (trust, block), drawn with the parties. */
  renderPartnerActions?: (username: string) => ReactNode;
}

function TradeScreen({ id, renderPartnerActions }: TradePageProps & { id: string }) {
  const { t } = useTradeTexts();
  const trade = useQuery(tradeQueryOptions(id));
  // On a phone the trade and its chat are tabs (CSS shows both side by side on wider screens).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<"trade" | "chat">(searchParams.get(TRADE_VIEW_PARAM) === "chat" ? "chat" : "trade");
  const layout = useRef<HTMLDivElement>(null);
  // The tabs sit under the next step, so a tall step would leave the chosen tab's content below the
  // screen: the chat is scrolled into view with its message box, and the trade back to its top.
  const chooseTab = useCallback((value: string) => {
    const next = value === "chat" ? "chat" : "trade";
    flushSync(() => setTab(next));
    if (next === "chat") layout.current?.scrollIntoView({ block: "end" });
    else window.scrollTo({ top: 0 });
  }, []);
  const alertTab = useTabAlert(t("newEventTitle"));
  const onEvent = useCallback(() => {
    if (document.visibilityState !== "visible" || !document.hasFocus()) alertTab();
  }, [alertTab]);
  useTradeLive(id, onEvent);
  const openChat = useCallback(() => chooseTab("chat"), [chooseTab]);
  useDisputeRedirect(trade.data?.status, openChat);

  if (trade.isPending) {
    return (
      <Stack align="center" py={80} gap="sm">
        <Loader />
        <Text c="dimmed">{t("loading")}</Text>
      </Stack>
    );
  }
  if (trade.isError) {
    return (
      <StatusPage
        icon="!"
        color="red"
        title={t("errorTitle")}
        body={t("errorBody")}
        actions={<Button onClick={() => void trade.refetch()}>{t("retry")}</Button>}
      />
    );
  }
  const data = trade.data;
  const partner = data.viewerRole === "seller" ? data.buyer.username : data.seller.username;
  return (
    <Container size={1200} py="xl">
      <title>{`${t("metaTitle", { id: data.id })} · Souk`}</title>
      {/* What to do now comes first, with its buttons, on every screen size. */}
      <Stack gap="md" mb="lg">
        <TradeHeading trade={data} />
        <TradeActions trade={data} />
        <SegmentedControl
          className={classes.mobileTabs}
          fullWidth
          value={tab}
          onChange={chooseTab}
          data={[
            { value: "trade", label: t("tabs.trade") },
            { value: "chat", label: t("tabs.chat") },
          ]}
          data-testid="trade-tabs"
        />
      </Stack>
      <div className={classes.layout} data-tab={tab} ref={layout}>
        <Stack gap="lg">
          <TradeOverview
            trade={data}
            partnerActions={data.viewerRole !== "moderator" ? renderPartnerActions?.(partner) : undefined}
          />
          <TradeRequirements trade={data} />
          {data.isFinished && data.viewerRole !== "moderator" ? (
            <TradeFeedback tradeId={data.id} partner={partner} />
          ) : null}
          <TradeReports trade={data} />
        </Stack>
        <TradeChat
          tradeId={data.id}
          canShareAccount={data.viewerRole === "seller" && data.paymentDetails.isRevealed && !data.isFinished}
        />
      </div>
    </Container>
  );
}

/** /trade/{id}: the trade both parties follow live (docs/product.md#trades). */
export function TradePage({ renderPartnerActions }: TradePageProps) {
  const { id = "" } = useParams();
  return <TradeScreen key={id} id={id} renderPartnerActions={renderPartnerActions} />;
}
