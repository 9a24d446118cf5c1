import { Button, Container, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useParams } from "react-router";
import { StatusPage } from "../../../ui/status-page.tsx";
import { tradeQueryOptions } from "../api/trade-api.ts";
import { useTradeLive } from "../api/use-trade-live.ts";
import classes from "../components/trade.module.css";
import { TradeActions } from "../components/trade-actions.tsx";
import { TradeChat } from "../components/trade-chat.tsx";
import { TradeFeedback } from "../components/trade-feedback.tsx";
import { TradeOverview } from "../components/trade-overview.tsx";
import { TradeReports } from "../components/trade-reports.tsx";
import { TradeRequirements } from "../components/trade-requirements.tsx";
import { useTabAlert } from "../components/use-tab-alert.ts";
import { useTradeTexts } from "../i18n/use-trade-texts.ts";

function TradeScreen({ id }: { id: string }) {
  const { t } = useTradeTexts();
  const trade = useQuery(tradeQueryOptions(id));
  const alertTab = useTabAlert(t("newEventTitle"));
  const onEvent = useCallback(() => {
    if (document.visibilityState !== "visible" || !document.hasFocus()) alertTab();
  }, [alertTab]);
  useTradeLive(id, onEvent);

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
      <div className={classes.layout}>
        <Stack gap="lg">
          <TradeOverview trade={data} />
          <TradeRequirements trade={data} />
          <TradeActions trade={data} />
          {data.isFinished && data.viewerRole !== "moderator" ? (
            <TradeFeedback tradeId={data.id} partner={partner} />
          ) : null}
          <TradeReports trade={data} />
        </Stack>
        <TradeChat tradeId={data.id} />
      </div>
    </Container>
  );
}

/** /trade/{id}: the trade both parties follow live (docs/product.md#trades). */
export function TradePage() {
  const { id = "" } = useParams();
  return <TradeScreen key={id} id={id} />;
}
