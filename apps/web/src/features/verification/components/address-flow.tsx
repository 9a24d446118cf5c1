import { Alert, Button, Card, FileInput, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import { ADDRESS_DOCUMENT_TYPES, type KycCheck } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { startAddressVerification } from "../api/verification-api.ts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { refusalKey } from "./refusal-text.ts";
import { SubmissionStatus } from "./submission-status.tsx";

const EMPTY = {
  countryIso3: "",
  documentType: "utility_bill",
  cityName: "",
  regionName: "",
  addressLine1: "",
  addressLine2: "",
  zipCode: "",
};

/** The proof of address: its fields and one document, sent together for review. */
export function AddressFlow({
  check,
  countries,
  onChanged,
}: {
  check: KycCheck;
  countries: { iso3: string; name: string }[];
  onChanged: () => Promise<void>;
}) {
  const { t } = useVerificationTexts();
  const [fields, setFields] = useState(EMPTY);
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submission = check.submissions.address;
  const mayStart = !check.conditions.address && (!submission || ["rejected", "corrupted"].includes(submission.status));
  const set = (name: keyof typeof EMPTY) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!proof) return;
    setIsBusy(true);
    setError(null);
    try {
      await startAddressVerification(fields, proof);
      await onChanged();
    } catch (failure) {
      setError(refusalKey(failure));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <Card withBorder padding="lg" data-testid="address-flow">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("address.title")}
        </Title>
        {check.conditions.address ? (
          <Alert color="green">{t("address.done")}</Alert>
        ) : (
          submission && <SubmissionStatus submission={submission} />
        )}
        {mayStart && (
          <form onSubmit={onSubmit}>
            <Stack gap="sm">
              {error && <Alert color="red">{t(error)}</Alert>}
              <Group grow>
                <Select
                  label={t("address.country")}
                  searchable
                  required
                  data={countries.map((country) => ({ value: country.iso3, label: country.name }))}
                  value={fields.countryIso3 || null}
                  onChange={(value) => set("countryIso3")(value ?? "")}
                />
                <Select
                  label={t("address.documentType")}
                  allowDeselect={false}
                  data={ADDRESS_DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`address.types.${type}`) }))}
                  value={fields.documentType}
                  onChange={(value) => set("documentType")(value ?? "utility_bill")}
                />
              </Group>
              <TextInput
                label={t("address.line1")}
                required
                value={fields.addressLine1}
                onChange={(e) => set("addressLine1")(e.currentTarget.value)}
              />
              <TextInput
                label={t("address.line2")}
                value={fields.addressLine2}
                onChange={(e) => set("addressLine2")(e.currentTarget.value)}
              />
              <Group grow>
                <TextInput
                  label={t("address.city")}
                  required
                  value={fields.cityName}
                  onChange={(e) => set("cityName")(e.currentTarget.value)}
                />
                <TextInput
                  label={t("address.region")}
                  value={fields.regionName}
                  onChange={(e) => set("regionName")(e.currentTarget.value)}
                />
                <TextInput
                  label={t("address.zip")}
                  value={fields.zipCode}
                  onChange={(e) => set("zipCode")(e.currentTarget.value)}
                />
              </Group>
              <FileInput
                label={t("address.proof")}
                required
                accept="image/png,image/jpeg,image/webp,application/pdf"
                value={proof}
                onChange={setProof}
              />
              <Group>
                <Button type="submit" loading={isBusy} disabled={!proof || !fields.countryIso3}>
                  {t("address.send")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
