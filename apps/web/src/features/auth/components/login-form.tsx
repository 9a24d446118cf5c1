import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Divider, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type AuthSession, loginRequestSchema, type TwoFactorType } from "@souk/contracts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../../lib/api-client.ts";
import { applyServerErrors, translateErrorCode, translateValidationMessage } from "../../../lib/form-errors.ts";
import { isPasskeyPromptDismissed, supportsPasskeys } from "../../../lib/passkeys.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { KeyIcon } from "../../../ui/icons.tsx";
import { useLogInMutation, useLogInWithPasskeyMutation } from "../api/auth-api.ts";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import { fieldErrorText } from "./field-error.ts";
import { FormAlert } from "./form-alert.tsx";
import { LoginApprovalStep } from "./login-approval-step.tsx";
import { LoginCodeStep } from "./login-code-step.tsx";

type LoginFormValues = z.input<typeof loginRequestSchema>;
const loginFields = ["login", "password"] as const;

export interface LoginFormProps {
  onLoggedIn: (session: AuthSession) => void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useAuthTexts();
  const { t: tGlobal } = useTranslation();
  const { to } = useLocalizedPaths();
  const logIn = useLogInMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingType, setPendingType] = useState<TwoFactorType | null>(null);
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const form = useForm<LoginFormValues, unknown, z.output<typeof loginRequestSchema>>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { login: "", password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const withPasskey = useLogInWithPasskeyMutation();

  const onPasskey = async () => {
    setFormError(null);
    try {
      onLoggedIn(await withPasskey.mutateAsync());
    } catch (error) {
      if (isPasskeyPromptDismissed(error) && !(error instanceof ApiError)) return;
      const [key] = error instanceof ApiError ? ((error.details?.response as string[] | undefined) ?? []) : [];
      setFormError(key ? translateValidationMessage(tGlobal, key) : translateErrorCode(tGlobal, error));
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await logIn.mutateAsync(values);
      if ("user" in answer) onLoggedIn(answer);
      else if ("approvalRequired" in answer) setAwaitingApproval(true);
      else setPendingType(answer.type);
    } catch (error) {
      setFormError(applyServerErrors(error, loginFields, form.setError, tGlobal));
    }
  });

  if (pendingType)
    return <LoginCodeStep type={pendingType} onLoggedIn={onLoggedIn} onRestart={() => setPendingType(null)} />;
  if (awaitingApproval)
    return (
      <LoginApprovalStep
        onLoggedIn={onLoggedIn}
        onSecondFactor={(type) => {
          setAwaitingApproval(false);
          setPendingType(type);
        }}
        onRestart={() => setAwaitingApproval(false)}
      />
    );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-form">
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t("login.loginLabel")}
          placeholder={t("login.loginPlaceholder")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldErrorText(tGlobal, errors.login)}
          {...form.register("login")}
        />
        <PasswordInput
          label={t("login.passwordLabel")}
          autoComplete="current-password"
          error={fieldErrorText(tGlobal, errors.password)}
          {...form.register("password")}
        />
        <Anchor component={Link} to={to("passwordForgot")} size="sm" ta="right">
          {t("passwordRecovery.forgotLink")}
        </Anchor>
        <Button type="submit" size="md" fullWidth loading={isSubmitting} mt="xs">
          {t("login.submit")}
        </Button>
        {supportsPasskeys() ? (
          <>
            <Divider label={t("login.or")} labelPosition="center" />
            <Button
              variant="default"
              size="md"
              fullWidth
              leftSection={<KeyIcon size={18} />}
              loading={withPasskey.isPending}
              onClick={() => void onPasskey()}
              data-testid="login-passkey"
            >
              {t("login.withPasskey")}
            </Button>
          </>
        ) : null}
      </Stack>
    </form>
  );
}
