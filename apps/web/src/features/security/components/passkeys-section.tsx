import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import type { Passkey } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format.ts";
import { isPasskeyPromptDismissed, supportsPasskeys, usePasskeys } from "../../../lib/passkeys.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { KeyIcon } from "../../../ui/icons.tsx";
import { addPasskey, removePasskey, renamePasskey, useRefreshPasskeys } from "../api/passkeys-api.ts";
import { useSecurityTexts } from "../i18n/security-texts.ts";
import { AccountCodeField } from "./account-code-field.tsx";
import { refusalText } from "./refusal-text.ts";
import { SecurityCard } from "./security-card.tsx";

type Message = { color: string; text: string } | null;

/** One passkey: its name (renamed in place), when it was added and last used, and removing it. */
function PasskeyRow({ passkey, onMessage }: { passkey: Passkey; onMessage: (message: Message) => void }) {
  const { t } = useSecurityTexts();
  const { t: tGlobal } = useTranslation();
  const locale = useLocale();
  const refresh = useRefreshPasskeys();
  const [name, setName] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const at = (date: string) => formatDate(date, locale, { dateStyle: "medium", timeStyle: "short" });

  async function run(action: () => Promise<unknown>, success: string) {
    setIsBusy(true);
    try {
      await action();
      await refresh();
      setName(null);
      onMessage({ color: "green", text: success });
    } catch (error) {
      onMessage({ color: "red", text: refusalText(tGlobal, error) });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Paper withBorder p="sm" radius="sm" data-testid="passkey-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          {name === null ? (
            <Group gap="xs">
              <KeyIcon size={16} />
              <Text fw={600}>{passkey.name}</Text>
              {passkey.isSynced ? (
                <Badge size="xs" variant="light">
                  {t("passkeys.synced")}
                </Badge>
              ) : null}
            </Group>
          ) : (
            <TextInput
              size="xs"
              aria-label={t("passkeys.name")}
              value={name}
              maxLength={64}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          )}
          <Text size="xs" c="dimmed">
            {t("passkeys.added", { date: at(passkey.createdAt) })}
            {" · "}
            {passkey.lastUsedAt ? t("passkeys.lastUsed", { date: at(passkey.lastUsedAt) }) : t("passkeys.neverUsed")}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {name === null ? (
            <Button size="xs" variant="subtle" onClick={() => setName(passkey.name)}>
              {t("passkeys.rename")}
            </Button>
          ) : (
            <Button
              size="xs"
              loading={isBusy}
              disabled={name.trim() === ""}
              onClick={() => void run(() => renamePasskey(passkey.id, name.trim()), t("passkeys.renamed"))}
            >
              {t("passkeys.save")}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={isBusy && name === null}
            onClick={() => void run(() => removePasskey(passkey.id), t("passkeys.removed"))}
            data-testid="remove-passkey"
          >
            {t("passkeys.remove")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Passkeys: log in without a password, and pass the second factor of releases and sends. */
export function PasskeysSection() {
  const { t } = useSecurityTexts();
  const { t: tGlobal } = useTranslation();
  const isSupported = supportsPasskeys();
  const passkeys = usePasskeys();
  const refresh = useRefreshPasskeys();
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<Message>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setMessage(null);
    try {
      await addPasskey({
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(code.trim() ? { code: code.trim() } : {}),
      });
      await refresh();
      setName("");
      setCode("");
      setMessage({ color: "green", text: t("passkeys.addedDone") });
    } catch (error) {
      const dismissed = isPasskeyPromptDismissed(error);
      setMessage({
        color: dismissed ? "gray" : "red",
        text: dismissed ? t("passkeys.dismissed") : refusalText(tGlobal, error),
      });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <SecurityCard title={t("passkeys.title")} lead={t("passkeys.lead")} testId="passkeys-section">
      {message && <Alert color={message.color}>{message.text}</Alert>}
      {passkeys.data && passkeys.data.length === 0 ? <Text size="sm">{t("passkeys.empty")}</Text> : null}
      {passkeys.data?.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} onMessage={setMessage} />
      ))}
      {isSupported ? (
        <form onSubmit={onAdd} data-testid="add-passkey-form">
          <Stack gap="sm" maw={400}>
            <TextInput
              label={t("passkeys.name")}
              description={t("passkeys.nameHint")}
              value={name}
              maxLength={64}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <AccountCodeField label={t("passkeys.code")} value={code} onChange={setCode} />
            <Group>
              <Button type="submit" leftSection={<KeyIcon size={16} />} loading={isBusy} data-testid="add-passkey">
                {t("passkeys.add")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Alert color="gray">{t("passkeys.unsupported")}</Alert>
      )}
    </SecurityCard>
  );
}
