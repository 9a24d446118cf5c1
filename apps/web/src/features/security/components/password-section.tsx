import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { changePassword } from "../api/security-api.ts";
import { useSecurityTexts } from "../i18n/security-texts.ts";
import { AccountCodeField } from "./account-code-field.tsx";
import { refusalText } from "./refusal-text.ts";
import { SecurityCard } from "./security-card.tsx";

/** Change the password: the current one, the new one, and the second factor's code when it is on. */
export function PasswordSection() {
  const { t } = useSecurityTexts();
  const { t: tGlobal } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setMessage(null);
    try {
      await changePassword({ currentPassword, newPassword, ...(code.trim() ? { code: code.trim() } : {}) });
      setCurrentPassword("");
      setNewPassword("");
      setCode("");
      setMessage({ color: "green", text: t("password.changed") });
    } catch (error) {
      setMessage({ color: "red", text: refusalText(tGlobal, error) });
    } finally {
      setIsBusy(false);
    }
  };

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
