import { Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import type { AuthSession, TwoFactorType } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { applyServerErrors, translateValidationMessage } from "../../../lib/form-errors.ts";
import { useLogInWithCodeMutation } from "../api/auth-api.ts";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import { FormAlert } from "./form-alert.tsx";

export interface LoginCodeStepProps {
  type: TwoFactorType;
  onLoggedIn: (session: AuthSession) => void;
  onRestart: () => void;
}

/** The log-in's second step: the password was right, the factor's code (or a recovery code) opens the session. */
export function LoginCodeStep({ type, onLoggedIn, onRestart }: LoginCodeStepProps) {
  const { t } = useAuthTexts();
  const { t: tGlobal } = useTranslation();
  const logIn = useLogInWithCodeMutation();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setCodeError(null);
    setFormError(null);
    try {
      onLoggedIn(await logIn.mutateAsync(code.trim()));
    } catch (error) {
      setFormError(
        applyServerErrors(error, ["code"] as const, (_field, { message }) => setCodeError(message ?? null), tGlobal),
      );
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-code-form">
      <Stack gap="md">
        <Title order={3}>{t("login.codeTitle")}</Title>
        <Text c="dimmed" size="sm">
          {type === "email" ? t("login.codeLeadEmail") : t("login.codeLeadGa")}
        </Text>
        <FormAlert message={formError} />
        <TextInput
          label={t("login.codeLabel")}
          description={t("login.codeHint")}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError ? translateValidationMessage(tGlobal, codeError) : undefined}
          data-testid="login-code"
        />
        <Button type="submit" size="md" fullWidth loading={logIn.isPending} disabled={code.trim() === ""}>
          {t("login.codeSubmit")}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t("login.codeRestart")}
        </Anchor>
      </Stack>
    </form>
  );
}
