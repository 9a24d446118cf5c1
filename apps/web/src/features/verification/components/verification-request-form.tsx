import { Alert, Button, Group, Select, Stack } from "@mantine/core";
import { ADDRESS_DOCUMENT_TYPES, ID_DOCUMENT_TYPES } from "@souk/contracts";
import { type FormEvent, type ReactNode, useState } from "react";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { useSending } from "./use-sending.ts";

/** The steps that start from a document, with the kinds each takes (the first is preselected). */
const DOCUMENT_TYPES = { id: ID_DOCUMENT_TYPES, address: ADDRESS_DOCUMENT_TYPES };
const SEND_KEYS = { id: "id.start", address: "address.send" };
type DocumentStep = keyof typeof DOCUMENT_TYPES;

/** The country (ISO3) and the kind of document chosen. */
export interface DocumentChoice {
  country: string;
  documentType: string;
}

interface VerificationRequestFormProps {
  step: DocumentStep;
  countries: { iso3: string; name: string }[];
  /** What the step needs beyond a country before it may be sent (a file, say). */
  isComplete: boolean;
  onSend: (choice: DocumentChoice) => Promise<void>;
  /** The step's own fields, between the two choices and the send button. */
  children: ReactNode;
}

/**
 * The request that starts a verification from a document (an ID, a proof of address): the
 * country, the kind of document, the step's fields and the send button; a refusal shows above.
 */
export function VerificationRequestForm({
  step,
  countries,
  isComplete,
  onSend,
  children,
}: VerificationRequestFormProps) {
  const { t } = useVerificationTexts();
  const [choice, setChoice] = useState<DocumentChoice>({ country: "", documentType: DOCUMENT_TYPES[step][0] });
  const { sending, error, send } = useSending<"request">();
  const isReady = isComplete && choice.country !== "";
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isReady) void send("request", () => onSend(choice));
  }
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        {error && <Alert color="red">{t(error)}</Alert>}
        <Group grow>
          <Select
            label={t(`${step}.country`)}
            searchable
            required
            data={countries.map((country) => ({ value: country.iso3, label: country.name }))}
            value={choice.country || null}
            onChange={(value) => setChoice((current) => ({ ...current, country: value ?? "" }))}
          />
          <Select
            label={t(`${step}.documentType`)}
            required
            allowDeselect={false}
            data={DOCUMENT_TYPES[step].map((type) => ({ value: type, label: t(`${step}.types.${type}`) }))}
            value={choice.documentType}
            onChange={(value) => setChoice((current) => ({ ...current, documentType: value ?? current.documentType }))}
          />
        </Group>
        {children}
        <Group>
          <Button type="submit" loading={sending !== null} disabled={!isReady}>
            {t(SEND_KEYS[step])}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
