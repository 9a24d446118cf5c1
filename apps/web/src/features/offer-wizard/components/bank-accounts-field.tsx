import { Anchor, Fieldset, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { ownBankAccountsQueryOptions } from "../../../lib/own-bank-accounts.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { BankAccountChecklist } from "../../../ui/bank-account-checklist.tsx";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import type { WizardFormValues } from "../model/wizard-form.ts";
import classes from "./offer-wizard.module.css";
import { useFieldError } from "./use-field-error.ts";

/**
 * The sell offer's bank accounts: the vendor ticks their own accounts, which the buyer sees once a
 * trade reveals the payment details. Editing an offer starts from the accounts it carries.
 */
export function BankAccountsField({ offerIdHashed }: { offerIdHashed: string | null }) {
  const { t } = useOfferWizardTexts();
  const { to } = useLocalizedPaths();
  const form = useFormContext<WizardFormValues>();
  const fieldError = useFieldError();
  const [type, chosen] = useWatch({ control: form.control, name: ["type", "bankAccountIds"] });
  const accounts = useQuery(ownBankAccountsQueryOptions());

  useEffect(() => {
    if (chosen !== null || !accounts.data) return;
    const attached = accounts.data.filter((account) => offerIdHashed && account.offerIds.includes(offerIdHashed));
    form.setValue(
      "bankAccountIds",
      attached.map((account) => String(account.id)),
    );
  }, [accounts.data, chosen, offerIdHashed, form]);

  if (type !== "sell") return null;
  return (
    <Fieldset legend={t("terms.bankAccountsLegend")} variant="unstyled" classNames={{ legend: classes.legend }}>
      <Stack gap="sm" data-testid="wizard-bank-accounts">
        {accounts.isError ? (
          <Text size="sm" c="red" role="alert">
            {t("terms.bankAccountsFailed")}
          </Text>
        ) : accounts.isPending || chosen === null ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t("terms.bankAccountsLoading")}
            </Text>
          </Group>
        ) : (
          <Controller
            control={form.control}
            name="bankAccountIds"
            render={({ field }) => (
              <BankAccountChecklist
                accounts={accounts.data ?? []}
                value={field.value ?? []}
                onChange={field.onChange}
                emptyText={t("terms.bankAccountsNone")}
                label={t("terms.bankAccounts")}
                description={t("terms.bankAccountsHint")}
                error={fieldError("bankAccountIds")}
              />
            )}
          />
        )}
        <Anchor component={Link} to={to("bankAccounts")} size="sm">
          {t("terms.bankAccountsManage")}
        </Anchor>
      </Stack>
    </Fieldset>
  );
}
