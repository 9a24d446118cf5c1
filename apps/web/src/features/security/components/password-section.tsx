import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { useState } from "react";
import { changePassword } from "../api/security-api.ts";
import { useSecurityTexts } from "../i18n/security-texts.ts";
import { AccountCodeField } from "./account-code-field.tsx";
import { SecurityCard } from "./security-card.tsx";
import { type SecurityMessage, useSecurityAction } from "./use-security-action.ts";

/** Change the password: the current one, the new one, and the second factor's code when it is on. */
export function PasswordSection() {
  const { t } = useSecurityTexts();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<SecurityMessage>(null);
  const { isBusy, submitting } = useSecurityAction(setMessage);
  const onSubmit = submitting(async () => {
    await changePassword({ currentPassword, newPassword, ...(code.trim() ? { code: code.trim() } : {}) });
    setCurrentPassword("");
    setNewPassword("");
    setCode("");
    setMessage({ color: "green", text: t("password.changed") });
  });

  return (
    <SecurityCard title={t("password.title")} testId="password-section">
      <form onSubmit={onSubmit} data-testid="password-change-form">
        <Stack gap="sm" maw={400}>
          {message && <Alert color={message.color}>{message.text}</Alert>}
          <PasswordInput
            label={t("password.current")}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            required
          />
          <PasswordInput
            label={t("password.next")}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            required
          />
          <AccountCodeField label={t("password.code")} value={code} onChange={setCode} />
          <Button type="submit" loading={isBusy} disabled={!currentPassword || !newPassword}>
            {t("password.submit")}
          </Button>
        </Stack>
      </form>
    </SecurityCard>
  );
}
