import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type BankAccount, bankAccountSchemeOf } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { countriesQueryOptions, fiatCurrenciesQueryOptions } from "../../../lib/reference-queries.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { banksQueryOptions, useSaveBankAccount } from "../api/bank-accounts-api.ts";
import { useBankAccountsTexts } from "../i18n/bank-accounts-texts.ts";
import {
  type BankAccountFormValues,
  EMPTY_FORM,
  formFieldOf,
  formOf,
  payloadOf,
  SCHEME_FIELDS,
} from "../model/bank-account-form.ts";

type Field = keyof BankAccountFormValues;
type FieldErrors = Partial<Record<Field, string>>;

/** The server's refusals: field errors onto their fields, the rest as one form-level key. */
function refusalsOf(error: unknown): { fields: FieldErrors; form: string | null } {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.details)
    return { fields: {}, form: "form.failed" };
  const fields: FieldErrors = {};
  let form: string | null = null;
  for (const [serverField, codes] of Object.entries(error.details)) {
    const code = Array.isArray(codes) && typeof codes[0] === "string" ? codes[0] : "generic";
    const field = formFieldOf(serverField);
    if (field) fields[field] = code;
    else form = `errors.${code}`;
  }
  return { fields, form };
}

/** The label of a scheme field: the account number of a SEPA country is its IBAN, the UK's routing number its sort code. */
function labelKeyOf(field: Field, scheme: string): string {
  if (field === "accountNumber" && scheme === "iban") return "form.ibanAccountNumber";
  if (field === "routingNumber" && scheme === "gb") return "form.sortCode";
  return `form.${field}`;
}

/** Add or edit a bank account: the fields of the account's country, errors shown on their fields. */
export function BankAccountForm({ account }: { account: BankAccount | null }) {
  const { t } = useBankAccountsTexts();
  const { locale, to } = useLocalizedPaths();
  const navigate = useNavigate();
  const [values, setValues] = useState<BankAccountFormValues>(account ? formOf(account) : EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const countries = useQuery(countriesQueryOptions(locale));
  const currencies = useQuery(fiatCurrenciesQueryOptions(locale));
  const banks = useQuery(banksQueryOptions(values.countryId));
  const save = useSaveBankAccount(account?.id ?? null);
  const scheme = bankAccountSchemeOf(values.countryIso);
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: Field) => (errors[field] ? t(`errors.${errors[field]}`) : undefined);
  const input = (field: Field, labelKey = `form.${field}`) => (
    <TextInput
      key={field}
      label={t(labelKey)}
      value={values[field] as string}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errorOf(field)}
      data-testid={`bank-field-${field}`}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    save.mutate(payloadOf(values), {
      onSuccess: () => {
        showToast({ type: "success", message: t("form.saved") });
        navigate(to("bankAccounts"));
      },
      onError: (error) => {
        const refusals = refusalsOf(error);
        setErrors(refusals.fields);
        setFormError(refusals.form);
      },
    });
  };
  const countryOptions = (countries.data ?? []).map((c) => ({ value: String(c.id), label: c.nameLocalized }));
  const currencyOptions = (currencies.data?.currencies ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.code} · ${c.nameLocalized}`,
  }));
  const bankOptions = (banks.data ?? []).map((bank) => ({ value: bank.id, label: bank.name }));
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} data-testid="bank-account-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("form.country")}
            data={countryOptions}
            searchable
            value={values.countryId === null ? null : String(values.countryId)}
            onChange={(value) => {
              const country = countries.data?.find((c) => String(c.id) === value);
              setValues((current) => ({
                ...current,
                countryId: country?.id ?? null,
                countryIso: country?.iso ?? "",
                bankId: "",
              }));
              setErrors({});
            }}
            error={errorOf("countryId")}
            data-testid="bank-field-country"
          />
          <Select
            label={t("form.currency")}
            data={currencyOptions}
            searchable
            value={values.fiatCurrencyId === null ? null : String(values.fiatCurrencyId)}
            onChange={(value) => {
              setValues((current) => ({ ...current, fiatCurrencyId: value === null ? null : Number(value) }));
              setErrors((current) => ({ ...current, fiatCurrencyId: undefined }));
            }}
            error={errorOf("fiatCurrencyId")}
            data-testid="bank-field-currency"
          />
        </SimpleGrid>
        <SegmentedControl
          aria-label={t("form.holderType")}
          value={values.holderType}
          onChange={(value) =>
            setValues((current) => ({ ...current, holderType: value === "Business" ? "Business" : "User" }))
          }
          data={[
            { value: "User", label: t("holderTypes.User") },
            { value: "Business", label: t("holderTypes.Business") },
          ]}
        />
        {input("holderName")}
        {values.countryIso === "" ? (
          <Alert variant="light">{t("form.chooseCountry")}</Alert>
        ) : (
          <>
            {bankOptions.length > 0 ? (
              <Select
                label={t("form.bank")}
                placeholder={t("form.bankPlaceholder")}
                data={bankOptions}
                searchable
                clearable
                value={values.bankId || null}
                onChange={(value) => set("bankId", value ?? "")}
                error={errorOf("bankId")}
                data-testid="bank-field-bankId"
              />
            ) : null}
            {values.bankId === "" ? (
              <TextInput
                label={t("form.bankName")}
                description={bankOptions.length > 0 ? t("form.bankNameHint") : undefined}
                value={values.bankName}
                onChange={(event) => set("bankName", event.currentTarget.value)}
                error={errorOf("bankName")}
                data-testid="bank-field-bankName"
              />
            ) : null}
            {SCHEME_FIELDS[scheme].map((field) => input(field, labelKeyOf(field, scheme)))}
            <Textarea
              label={t("form.additionalInfo")}
              value={values.additionalInfo}
              onChange={(event) => set("additionalInfo", event.currentTarget.value)}
              error={errorOf("additionalInfo")}
              autosize
              minRows={2}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input("address", "form.street")}
              {input("city")}
              {input("state")}
              {input("zip")}
            </SimpleGrid>
          </>
        )}
        {formError ? (
          <Alert color="red" variant="light" data-testid="bank-account-form-error">
            {t(formError)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="bank-account-save">
            {t("form.save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
