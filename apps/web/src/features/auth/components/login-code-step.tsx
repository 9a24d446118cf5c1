import { Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import type { AuthSession, TwoFactorType } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { applyServerErrors, translateErrorCode, translateValidationMessage } from "../../../lib/form-errors.ts";
import { isPasskeyPromptDismissed, supportsPasskeys } from "../../../lib/passkeys.ts";
import { useLogInSecondStepWithPasskeyMutation, useLogInWithCodeMutation } from "../api/auth-api.ts";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import { FormAlert } from "./form-alert.tsx";

export interface LoginCodeStepProps {
  type: TwoFactorType;
  /** One of the user's passkeys may answer instead of the code (decision 084). */
  passkey: boolean;
  onLoggedIn: (session: AuthSession) => void;
  onRestart: () => void;
}

/** The log-in's second step: the password was right, the factor's code (or a recovery code) opens the session. */
export function LoginCodeStep({ type, passkey, onLoggedIn, onRestart }: LoginCodeStepProps) {
  const { t } = useAuthTexts();
  const { t: tGlobal } = useTranslation();
  const logIn = useLogInWithCodeMutation();
  const withPasskey = useLogInSecondStepWithPasskeyMutation();
  const offersPasskey = passkey && supportsPasskeys();
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

  const onPasskey = async () => {
    setCodeError(null);
    setFormError(null);
    try {
      onLoggedIn(await withPasskey.mutateAsync());
    } catch (error) {
      if (isPasskeyPromptDismissed(error) && !(error instanceof ApiError)) return;
      const [key] =
        error instanceof ApiError ? ((Object.values(error.details ?? {})[0] as string[] | undefined) ?? []) : [];
      setFormError(key ? translateValidationMessage(tGlobal, key) : translateErrorCode(tGlobal, error));
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
        {offersPasskey && (
          <Button
            type="button"
            variant="default"
            size="md"
            fullWidth
            loading={withPasskey.isPending}
            onClick={onPasskey}
            data-testid="login-code-passkey"
          >
            {t("login.codePasskey")}
          </Button>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t("login.codeRestart")}
        </Anchor>
      </Stack>
    </form>
  );
}
