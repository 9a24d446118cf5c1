import { FileInput, Group, TextInput } from "@mantine/core";
import type { KycCheck } from "@souk/contracts";
import { useState } from "react";
import { startAddressVerification } from "../api/verification-api.ts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { useFields } from "./use-fields.ts";
import { type DocumentChoice, VerificationRequestForm } from "./verification-request-form.tsx";
import { mayRequest, VerificationStep } from "./verification-step.tsx";

const EMPTY = {
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
  const { fields, bind } = useFields(EMPTY);
  const [proof, setProof] = useState<File | null>(null);
  async function onSend({ country, documentType }: DocumentChoice) {
    if (!proof) return;
    await startAddressVerification({ ...fields, countryIso3: country, documentType }, proof);
    await onChanged();
  }
  return (
    <VerificationStep step="address" check={check}>
      {mayRequest("address", check) && (
        <VerificationRequestForm step="address" countries={countries} isComplete={proof !== null} onSend={onSend}>
          <TextInput label={t("address.line1")} required {...bind("addressLine1")} />
          <TextInput label={t("address.line2")} {...bind("addressLine2")} />
          <Group grow>
            <TextInput label={t("address.city")} required {...bind("cityName")} />
            <TextInput label={t("address.region")} {...bind("regionName")} />
            <TextInput label={t("address.zip")} {...bind("zipCode")} />
          </Group>
          <FileInput
            label={t("address.proof")}
            required
            accept="image/png,image/jpeg,image/webp,application/pdf"
            value={proof}
            onChange={setProof}
          />
        </VerificationRequestForm>
      )}
    </VerificationStep>
  );
}
