import { Alert, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type MyOffer, offerBankAccountsResponseSchema } from "@souk/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { apiClient } from "../../../lib/api.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { ownBankAccountsQueryOptions } from "../../../lib/own-bank-accounts.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { BankAccountChecklist } from "../../../ui/bank-account-checklist.tsx";
import { myOffersKey } from "../api/my-offers-api.ts";
import { useOfferBankAccountsTexts } from "../i18n/offer-bank-accounts-texts.ts";

/** The vendor's own accounts to tick, and the save that replaces the offer's list. */
function Chooser({ offer, onDone }: { offer: MyOffer; onDone: () => void }) {
  const { t } = useOfferBankAccountsTexts();
  const { to } = useLocalizedPaths();
  const queryClient = useQueryClient();
  const accounts = useQuery(ownBankAccountsQueryOptions());
  const [chosen, setChosen] = useState<string[]>(offer.bankAccounts.map((account) => String(account.id)));
  const save = useMutation({
    mutationFn: async (ids: number[]) =>
      apiClient.put(
        `/rest/v1/offers/${encodeURIComponent(offer.idHashed)}/bank-accounts`,
        { bankAccountIds: ids },
        { schema: offerBankAccountsResponseSchema },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myOffersKey });
      await queryClient.invalidateQueries({ queryKey: ["bank-accounts"] });
      showToast({ type: "success", message: t("saved") });
      onDone();
    },
  });
  if (accounts.isPending) return <Text c="dimmed">{t("loading")}</Text>;
  const list = accounts.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("lead")}
      </Text>
      <BankAccountChecklist accounts={list} value={chosen} onChange={setChosen} emptyText={t("none")} />
      {save.error ? (
        <Alert color="red" variant="light">
          {save.error instanceof ApiError && save.error.status === 422 ? t("refused") : t("failed")}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Anchor component={Link} to={to("bankAccounts")} size="sm">
          {t("manage")}
        </Anchor>
        <Button
          loading={save.isPending}
          onClick={() => save.mutate(chosen.map(Number))}
          data-testid="offer-bank-accounts-save"
        >
          {t("save")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The card's bank accounts button (sell offers: the vendor is paid) and its chooser. */
export function OfferBankAccounts({ offer }: { offer: MyOffer }) {
  const { t } = useOfferBankAccountsTexts();
  const [opened, setOpened] = useState(false);
  if (offer.type !== "sell") return null;
  return (
    <>
      <Button
        variant="default"
        size="sm"
        onClick={() => setOpened(true)}
        data-testid={`bank-accounts-${offer.idHashed}`}
      >
        {t("button", { count: offer.bankAccounts.length })}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("title")}>
        {opened ? <Chooser offer={offer} onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}
