import { Alert, Button, FileInput, Group, Paper, Progress, Select, Stack, TextInput, Title } from "@mantine/core";
import { COMPANY_DOCUMENTS_MAX, type CompanyVerificationFields, type CompanyVerificationState } from "@souk/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { countriesQueryOptions } from "../../../lib/reference-queries.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import {
  companyVerificationQueryKey,
  postponeCompanyVerification,
  submitCompanyVerification,
} from "../api/corporate-account-api.ts";
import { useCorporateAccountTexts } from "../i18n/corporate-account-texts.ts";
import { refusalText } from "./refusal-text.ts";

const EMPTY: CompanyVerificationFields = {
  legalEntityName: "",
  businessName: "",
  registrationNumber: "",
  countryIso3: "",
};

/** The company's details and documents; "Later" postpones company verification. */
export function CompanyApplicationForm({ state }: { state: CompanyVerificationState }) {
  const { t } = useCorporateAccountTexts();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const countries = useQuery(countriesQueryOptions(locale)).data ?? [];
  const [fields, setFields] = useState<CompanyVerificationFields>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (name: keyof CompanyVerificationFields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function run(action: () => Promise<CompanyVerificationState>) {
    setIsBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(companyVerificationQueryKey, await action());
    } catch (refusal) {
      setError(refusalText(t, refusal));
    } finally {
      setIsBusy(false);
    }
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(() => submitCompanyVerification(fields, files));
  }
  const countryOptions = countries
    .filter((country) => country.iso3 !== null)
    .map((country) => ({ value: country.iso3 as string, label: country.nameLocalized }));

  return (
    <Paper withBorder p="lg" radius="md" data-testid="company-application">
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("form.title")}
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t("form.legalEntityName")}
            value={fields.legalEntityName}
            onChange={(e) => set("legalEntityName")(e.currentTarget.value)}
            maxLength={200}
            required
          />
          <TextInput
            label={t("form.businessName")}
            value={fields.businessName}
            onChange={(e) => set("businessName")(e.currentTarget.value)}
            maxLength={200}
            required
          />
          <Group grow align="start">
            <TextInput
              label={t("form.registrationNumber")}
              value={fields.registrationNumber}
              onChange={(e) => set("registrationNumber")(e.currentTarget.value)}
              maxLength={64}
              required
            />
            <Select
              label={t("form.countryIso3")}
              data={countryOptions}
              value={fields.countryIso3 || null}
              onChange={(value) => set("countryIso3")(value ?? "")}
              searchable
              required
            />
          </Group>
          <FileInput
            label={t("form.files")}
            multiple
            accept="image/png,image/jpeg,image/webp,application/pdf"
            value={files}
            onChange={(chosen) => setFiles(chosen.slice(0, COMPANY_DOCUMENTS_MAX))}
            clearable
            required
          />
          {isBusy && <Progress value={100} animated aria-label={t("form.sending")} />}
          <Group>
            <Button type="submit" loading={isBusy}>
              {t("form.submit")}
            </Button>
            {!state.isPostponed && state.status === null && (
              <Button variant="subtle" disabled={isBusy} onClick={() => void run(postponeCompanyVerification)}>
                {t("form.postpone")}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
