import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type AuthSession, registerRequestSchema } from "@souk/contracts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useRegisterMutation } from "../api/auth-api.ts";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import { fieldErrorText } from "./field-error.ts";
import { FormAlert } from "./form-alert.tsx";
import { PasswordRules } from "./password-rules.tsx";

type RegisterFormValues = z.input<typeof registerRequestSchema>;
const registerFields = ["email", "username", "password"] as const;

export interface RegisterFormProps {
  onRegistered: (session: AuthSession) => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { t } = useAuthTexts();
  const { t: tGlobal } = useTranslation();
  const { to } = useLocalizedPaths();
  const registerAccount = useRegisterMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerRequestSchema>>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: { email: "", username: "", password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch("password");

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onRegistered(await registerAccount.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerErrors(error, registerFields, form.setError, tGlobal));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="register-form">
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          type="email"
          label={t("register.emailLabel")}
          placeholder={t("register.emailPlaceholder")}
          autoComplete="email"
          error={fieldErrorText(tGlobal, errors.email)}
          {...form.register("email")}
        />
        <TextInput
          label={t("register.usernameLabel")}
          description={t("register.usernameDescription")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldErrorText(tGlobal, errors.username)}
          {...form.register("username")}
        />
        <PasswordInput
          label={t("register.passwordLabel")}
          autoComplete="new-password"
          aria-describedby="password-rules"
          error={fieldErrorText(tGlobal, errors.password)}
          {...form.register("password")}
        />
        <PasswordRules id="password-rules" password={password} />
        <Button type="submit" size="md" fullWidth loading={isSubmitting} mt="xs">
          {t("register.submit")}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          <Trans
            i18nKey="register.agreement"
            t={t}
            components={{
              terms: <Anchor component={Link} to={to("termsOfService")} size="xs" />,
              privacy: <Anchor component={Link} to={to("privacyPolicy")} size="xs" />,
            }}
          />
        </Text>
      </Stack>
    </form>
  );
}
