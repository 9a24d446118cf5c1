import { Alert, Button, Card, FileInput, Group, Progress, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  ID_DOCUMENT_SIDES,
  ID_DOCUMENT_TYPES,
  type IdDocumentSide,
  type KycCheck,
  type VerificationSubmission,
} from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { sendIdSide, startIdVerification } from "../api/verification-api.ts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { refusalKey } from "./refusal-text.ts";
import { SubmissionStatus } from "./submission-status.tsx";

interface FlowProps {
  check: KycCheck;
  countries: { iso3: string; name: string }[];
  onChanged: () => Promise<void>;
}

function StartIdForm({ countries, onChanged }: Omit<FlowProps, "check">) {
  const { t } = useVerificationTexts();
  const [fields, setFields] = useState({
    issueCountryIso3: "",
    documentType: "passport",
    firstNameOriginal: "",
    middleNameOriginal: "",
    lastNameOriginal: "",
    documentNumber: "",
  });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      await startIdVerification(fields as Parameters<typeof startIdVerification>[0]);
      await onChanged();
    } catch (failure) {
      setError(refusalKey(failure));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        {error && <Alert color="red">{t(error)}</Alert>}
        <Select
          label={t("id.country")}
          searchable
          required
          data={countries.map((country) => ({ value: country.iso3, label: country.name }))}
          value={fields.issueCountryIso3 || null}
          onChange={(value) => set("issueCountryIso3")(value ?? "")}
        />
        <Select
          label={t("id.documentType")}
          required
          allowDeselect={false}
          data={ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`id.types.${type}`) }))}
          value={fields.documentType}
          onChange={(value) => set("documentType")(value ?? "passport")}
        />
        <Group grow>
          <TextInput
            label={t("id.firstName")}
            required
            value={fields.firstNameOriginal}
            onChange={(e) => set("firstNameOriginal")(e.currentTarget.value)}
          />
          <TextInput
            label={t("id.middleName")}
            value={fields.middleNameOriginal}
            onChange={(e) => set("middleNameOriginal")(e.currentTarget.value)}
          />
        </Group>
        <TextInput
          label={t("id.lastName")}
          required
          value={fields.lastNameOriginal}
          onChange={(e) => set("lastNameOriginal")(e.currentTarget.value)}
        />
        <TextInput
          label={t("id.documentNumber")}
          required
          value={fields.documentNumber}
          onChange={(e) => set("documentNumber")(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={isBusy} disabled={!fields.issueCountryIso3}>
            {t("id.start")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The sides of a pending ID: each sent on its own, the bar counting those in. */
function IdSides({ submission, onChanged }: { submission: VerificationSubmission; onChanged: () => Promise<void> }) {
  const { t } = useVerificationTexts();
  const [files, setFiles] = useState<Partial<Record<IdDocumentSide, File | null>>>({});
  const [busySide, setBusySide] = useState<IdDocumentSide | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sent = ID_DOCUMENT_SIDES.length - submission.missing.length;
  async function send(side: IdDocumentSide) {
    const file = files[side];
    if (!file) return;
    setBusySide(side);
    setError(null);
    try {
      await sendIdSide(submission.id, side, file);
      await onChanged();
    } catch (failure) {
      setError(refusalKey(failure));
    } finally {
      setBusySide(null);
    }
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
  const { t } = useVerificationTexts();
  const submission = check.submissions.id;
  const mayStart = !check.conditions.id && (!submission || ["rejected", "corrupted"].includes(submission.status));
  return (
    <Card withBorder padding="lg" data-testid="id-flow">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("id.title")}
        </Title>
        {check.conditions.id ? (
          <Alert color="green">{t("id.done")}</Alert>
        ) : (
          submission && <SubmissionStatus submission={submission} />
        )}
        {submission?.status === "pending" && <IdSides submission={submission} onChanged={onChanged} />}
        {mayStart && <StartIdForm countries={countries} onChanged={onChanged} />}
      </Stack>
    </Card>
  );
}
