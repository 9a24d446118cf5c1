import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import type { BondOption, CryptoCurrencyView } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { useIdempotencyKeeper } from "../../../lib/idempotency.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon, BondIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { bondQueryOptions, useDepositBondMutation, useRetrieveBondMutation } from "../api/wallet-api.ts";
import { translateWalletErrorCode, useWalletTexts } from "../i18n/wallet-texts.ts";
import { formatCrypto, isPositiveAmount } from "../model/wallet-money.ts";
import { CurrencyIcon } from "./currency-icon.tsx";
import classes from "./wallet.module.css";

type BondAction = { kind: "deposit" | "retrieve"; option: BondOption };

export interface BondSectionProps {
  currencies: readonly CryptoCurrencyView[];
  isBlocked?: boolean;
}

/** The vendor bond per currency: what is required, held and missing, with deposit and retrieve. */
export function BondSection({ currencies, isBlocked = false }: BondSectionProps) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const bond = useQuery(bondQueryOptions());
  const deposit = useDepositBondMutation();
  const retrieve = useRetrieveBondMutation();
  const keeper = useIdempotencyKeeper();
  const [action, setAction] = useState<BondAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isPending = deposit.isPending || retrieve.isPending;

  const decimalsOf = (code: string) => currencies.find((currency) => currency.code === code)?.precision ?? 8;
  const show = (amount: string, code: string) => `${formatCrypto(amount, decimalsOf(code), locale)} ${code}`;

  async function confirm(): Promise<void> {
    if (!action) return;
    const code = action.option.cryptoCurrencyCode;
    const request = { cryptoCurrencyCode: code };
    const submission = { kind: action.kind, ...request };
    setError(null);
    try {
      const mutation = action.kind === "deposit" ? deposit : retrieve;
      await mutation.mutateAsync({ request, idempotencyKey: keeper.keyFor(submission) });
      keeper.settle();
      setAction(null);
      showToast({
        type: "success",
        message: t(action.kind === "deposit" ? "bond.deposited" : "bond.retrieved", { code }),
      });
    } catch (caught) {
      keeper.settle(caught);
      setError(translateWalletErrorCode(t, isApiError(caught) ? caught.code : undefined));
    }
  }

  return (
    <section className={classes.card} aria-labelledby="wallet-bond-title" data-testid="wallet-bond">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Group gap="sm" wrap="nowrap">
          <span className={classes.sectionIcon}>
            <BondIcon size={18} />
          </span>
          <Text component="h2" id="wallet-bond-title" className={classes.cardTitle}>
            {t("bond.title")}
          </Text>
        </Group>
        {bond.data ? (
          <Badge
            variant="light"
            color={bond.data.isBondInsufficient ? "gray" : "souk"}
            radius="sm"
            data-testid="wallet-bond-status"
          >
            {bond.data.isBondInsufficient ? t("bond.insufficient") : t("bond.complete")}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t("bond.description")}
      </Text>

      {bond.isPending ? (
        <Stack gap="xs">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      ) : bond.isError ? (
        <LoadError title={t("bond.loadError")} retryLabel={t("overview.retry")} onRetry={() => void bond.refetch()} />
      ) : (
        <ul className={classes.bondList}>
          {bond.data.options.map((option) => {
            const code = option.cryptoCurrencyCode;
            const currency = currencies.find((item) => item.code === code);
            const isHeld = isPositiveAmount(option.heldAmount);
            return (
              <li key={code} className={classes.bondRow} data-testid={`wallet-bond-${code}`}>
                <Group gap="sm" wrap="nowrap" className={classes.bondName}>
                  <CurrencyIcon code={code} icon={currency?.icon} size={32} />
                  <div>
                    <Text fw={650} size="sm">
                      {code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("bond.required")} {show(option.requiredAmount, code)}
                    </Text>
                  </div>
                </Group>
                <div className={classes.bondFigures}>
                  <Text size="xs" c="dimmed">
                    {t("bond.held")}
                  </Text>
                  <Text size="sm" fw={600} className={classes.mono}>
                    {show(option.heldAmount, code)}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap" className={classes.bondActions}>
                  {option.isComplete ? null : (
                    <Tooltip label={t("bond.notEnough", { code })} disabled={option.isAvailable} withArrow>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={isBlocked || !option.isAvailable}
                        onClick={() => {
                          setError(null);
                          setAction({ kind: "deposit", option });
                        }}
                        aria-label={`${t("bond.deposit")} ${code}`}
                      >
                        {t("bond.deposit")}
                      </Button>
                    </Tooltip>
                  )}
                  {isHeld ? (
                    <Button
                      size="xs"
                      variant="default"
                      disabled={isBlocked}
                      onClick={() => {
                        setError(null);
                        setAction({ kind: "retrieve", option });
                      }}
                      aria-label={`${t("bond.retrieve")} ${code}`}
                    >
                      {t("bond.retrieve")}
                    </Button>
                  ) : null}
                </Group>
              </li>
            );
          })}
        </ul>
      )}

      <Modal
        opened={action !== null}
        onClose={() => {
          if (!isPending) setAction(null);
        }}
        title={
          action ? (
            <Text fw={700}>
              {t(action.kind === "deposit" ? "bond.confirmDepositTitle" : "bond.confirmRetrieveTitle", {
                code: action.option.cryptoCurrencyCode,
              })}
            </Text>
          ) : null
        }
        centered
        radius="lg"
      >
        {action ? (
          <Stack gap="md">
            <Text size="sm">
              {t(action.kind === "deposit" ? "bond.confirmDepositBody" : "bond.confirmRetrieveBody", {
                amount: formatCrypto(
                  action.kind === "deposit" ? action.option.missingAmount : action.option.heldAmount,
                  decimalsOf(action.option.cryptoCurrencyCode),
                  locale,
                ),
                code: action.option.cryptoCurrencyCode,
              })}
            </Text>
            {error ? (
              <Alert color="red" variant="light" icon={<AlertTriangleIcon />} role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAction(null)} disabled={isPending}>
                {t("bond.cancel")}
              </Button>
              <Button loading={isPending} onClick={() => void confirm()} data-autofocus>
                {t("bond.confirm")}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </section>
  );
}
