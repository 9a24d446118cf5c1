import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { currentUserQueryKey, useCurrentUser } from "../../../lib/session.ts";
import { confirmEmailChange, requestEmailChange } from "../api/security-api.ts";
import { useSecurityTexts } from "../i18n/security-texts.ts";
import { AccountCodeField } from "./account-code-field.tsx";
import { SecurityCard } from "./security-card.tsx";
import { type SecurityMessage as Message, useSecurityAction } from "./use-security-action.ts";

/**
 * Change the e-mail address: the new address with the password (and the second factor's code when
 * it is on) sends a code there; that code makes it the account's address.
 */
export function EmailChangeSection() {
  const { t } = useSecurityTexts();
  const user = useCurrentUser();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  return (
    <SecurityCard title={t("email.title")} testId="email-change">
      <Stack gap="sm" maw={400}>
        {user && <Text size="sm">{t("email.current", { email: user.email })}</Text>}
        {message && <Alert color={message.color}>{message.text}</Alert>}
        {pendingEmail === null ? (
          <EmailChangeAsk
            onSent={(email) => {
              setPendingEmail(email);
              setMessage({ color: "blue", text: t("email.sent", { email }) });
            }}
            onMessage={setMessage}
          />
        ) : (
          <EmailChangeConfirm
            onDone={(email) => {
              setPendingEmail(null);
              setMessage({ color: "green", text: t("email.changed", { email }) });
            }}
            onCancel={() => {
              setPendingEmail(null);
              setMessage(null);
            }}
            onMessage={setMessage}
          />
        )}
      </Stack>
    </SecurityCard>
  );
}

function EmailChangeAsk({ onSent, onMessage }: { onSent: (email: string) => void; onMessage: (m: Message) => void }) {
  const { t } = useSecurityTexts();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const { isBusy, submitting } = useSecurityAction(onMessage);
  const onSubmit = submitting(async () => {
    const pending = await requestEmailChange({ email, password, ...(code.trim() ? { code: code.trim() } : {}) });
    onSent(pending.newEmail);
  });
  return (
    <form onSubmit={onSubmit} data-testid="email-change-form">
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t("email.next")}
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t("email.password")}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          required
        />
        <AccountCodeField label={t("email.code")} value={code} onChange={setCode} />
        <Button type="submit" loading={isBusy} disabled={!email || !password}>
          {t("email.submit")}
        </Button>
      </Stack>
    </form>
  );
}

function EmailChangeConfirm({
  onDone,
  onCancel,
  onMessage,
}: {
  onDone: (email: string) => void;
  onCancel: () => void;
  onMessage: (m: Message) => void;
}) {
  const { t } = useSecurityTexts();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const { isBusy, submitting } = useSecurityAction(onMessage);
  const onSubmit = submitting(async () => {
    const email = await confirmEmailChange(code.trim());
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    onDone(email);
  });
  return (
    <form onSubmit={onSubmit} data-testid="email-confirm-form">
      <Stack gap="sm">
        <TextInput
          label={t("email.confirmCode")}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          required
          data-testid="email-confirm-code"
        />
        <Group>
          <Button type="submit" loading={isBusy} disabled={code.trim().length !== 6}>
            {t("email.confirm")}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t("email.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
