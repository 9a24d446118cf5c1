import { Alert, Button, FileInput, Group, Progress, Stack, Text, TextInput } from "@mantine/core";
import {
  ID_DOCUMENT_SIDES,
  type IdDocumentSide,
  type IdVerificationStart,
  type KycCheck,
  type VerificationSubmission,
} from "@souk/contracts";
import { useState } from "react";
import { sendIdSide, startIdVerification } from "../api/verification-api.ts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { useFields } from "./use-fields.ts";
import { useSending } from "./use-sending.ts";
import { type DocumentChoice, VerificationRequestForm } from "./verification-request-form.tsx";
import { mayRequest, VerificationStep } from "./verification-step.tsx";

interface FlowProps {
  check: KycCheck;
  countries: { iso3: string; name: string }[];
  onChanged: () => Promise<void>;
}

function StartIdForm({ countries, onChanged }: Omit<FlowProps, "check">) {
  const { t } = useVerificationTexts();
  const { fields, bind } = useFields({
    firstNameOriginal: "",
    middleNameOriginal: "",
    lastNameOriginal: "",
    documentNumber: "",
  });
  async function onSend({ country, documentType }: DocumentChoice) {
    await startIdVerification({
      ...fields,
      issueCountryIso3: country,
      documentType: documentType as IdVerificationStart["documentType"],
    });
    await onChanged();
  }
  return (
    <VerificationRequestForm step="id" countries={countries} isComplete onSend={onSend}>
      <Group grow>
        <TextInput label={t("id.firstName")} required {...bind("firstNameOriginal")} />
        <TextInput label={t("id.middleName")} {...bind("middleNameOriginal")} />
      </Group>
      <TextInput label={t("id.lastName")} required {...bind("lastNameOriginal")} />
      <TextInput label={t("id.documentNumber")} required {...bind("documentNumber")} />
    </VerificationRequestForm>
  );
}

/** The sides of a pending ID: each sent on its own, the bar counting those in. */
function IdSides({ submission, onChanged }: { submission: VerificationSubmission; onChanged: () => Promise<void> }) {
  const { t } = useVerificationTexts();
  const [files, setFiles] = useState<Partial<Record<IdDocumentSide, File | null>>>({});
  const { sending: busySide, error, send: sendAs } = useSending<IdDocumentSide>();
  const sent = ID_DOCUMENT_SIDES.length - submission.missing.length;
  async function send(side: IdDocumentSide) {
    const file = files[side];
    if (!file) return;
    await sendAs(side, async () => {
      await sendIdSide(submission.id, side, file);
      await onChanged();
    });
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t("id.sidesSent", { sent })}</Text>
      <Progress
        value={(sent / ID_DOCUMENT_SIDES.length) * 100}
        animated={busySide !== null}
        aria-label={t("id.sidesSent", { sent })}
      />
      {error && <Alert color="red">{t(error)}</Alert>}
      {submission.missing.map((side) => (
        <Group key={side} align="end">
          <FileInput
            flex={1}
            label={t(`id.side.${side}`)}
            placeholder={t("id.choose")}
            accept="image/png,image/jpeg,image/webp"
            value={files[side as IdDocumentSide] ?? null}
            onChange={(file) => setFiles((current) => ({ ...current, [side]: file }))}
            data-testid={`side-${side}`}
          />
          <Button
            onClick={() => void send(side as IdDocumentSide)}
            loading={busySide === side}
            disabled={!files[side as IdDocumentSide] || (busySide !== null && busySide !== side)}
          >
            {t("id.send")}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/** The ID verification: its status, then the form, the sides to send, or the review's outcome. */
export function IdFlow({ check, countries, onChanged }: FlowProps) {
  const submission = check.submissions.id;
  return (
    <VerificationStep step="id" check={check}>
      {submission?.status === "pending" && <IdSides submission={submission} onChanged={onChanged} />}
      {mayRequest("id", check) && <StartIdForm countries={countries} onChanged={onChanged} />}
    </VerificationStep>
  );
}
