import { Anchor, Container, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { cryptoCurrenciesQueryOptions } from "../../../lib/reference-queries.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ArrowLeftIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { SendForm } from "../components/send-form.tsx";
import classes from "../components/wallet.module.css";
import { useWalletTexts } from "../i18n/wallet-texts.ts";

const USE_WALLET = "use-wallet";

/**
 * Wallet send "with query" (docs/product.md#wallet):
 * /send?cryptoCurrencyCode=BTC&username=bob&amount=0.01
 * (or address=...) opens the send form filled in; nothing leaves before the confirmation step.
 */
export function WalletSendPage() {
  const { t } = useWalletTexts();
  const { to } = useLocalizedPaths();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const currencies = useQuery(cryptoCurrenciesQueryOptions());
  const [chosenCode, setChosenCode] = useState(
    (params.get("cryptoCurrencyCode") ?? params.get("currency") ?? "").toUpperCase(),
  );

  if (!user) return <Navigate to={to("login", {}, { returnTo: `${pathname}${search}` })} replace />;

  const list = currencies.data ?? [];
  const code = list.some((currency) => currency.code === chosenCode)
    ? chosenCode
    : (list.find((currency) => !currency.isBlocked)?.code ?? "");

  return (
    <>
      <title>{`${t("send.title")} · Souk`}</title>
      <Container size={600} className={classes.page} data-testid="wallet-send-page">
        <Anchor component={Link} to={to("wallet")} size="sm" className={classes.backLink}>
          <Group gap={6} component="span">
            <ArrowLeftIcon size={14} /> {t("send.backToWallet")}
          </Group>
        </Anchor>
        <Title order={1} className={classes.pageTitle} mt="sm">
          {t("send.title")}
        </Title>
        <Text c="dimmed" mt={4} mb="lg">
          {t("send.subtitle")}
        </Text>
        <section className={classes.card}>
          {currencies.isPending ? (
            <Stack gap="sm" aria-hidden="true">
              <Skeleton height={56} radius="md" />
              <Skeleton height={56} radius="md" />
              <Skeleton height={120} radius="md" />
            </Stack>
          ) : currencies.isError ? (
            <LoadError
              title={t("overview.loadError")}
              retryLabel={t("overview.retry")}
              onRetry={() => void currencies.refetch()}
            />
          ) : (
            <SendForm
              currencies={list}
              code={code}
              onCodeChange={setChosenCode}
              initialValues={{
                username: params.get("username") ?? undefined,
                address: params.get("address") ?? undefined,
                amount: params.get("amount") ?? undefined,
              }}
              isBlocked={user.blockedKycActions.includes(USE_WALLET)}
              onSent={() => void navigate(to("wallet"))}
            />
          )}
        </section>
      </Container>
    </>
  );
}
