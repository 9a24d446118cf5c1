import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { requestPasswordReset, resetPassword } from "../api/auth-api.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { PasswordRules } from "../components/password-rules.tsx";
import { useAuthTexts } from "../i18n/auth-texts.ts";

const texts = "passwordRecovery";

type Outcome = { color: "green" | "red"; text: string } | null;

/** The refusal's details by field, as the server's envelope gives them. */
function detailsOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof ApiError)) return {};
  return (error.body.errors as { details?: Record<string, unknown> }).details ?? {};
}

function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** A form's one call: busy while it runs, then the outcome it earned (a success text or a refusal's). */
function useFormCall() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isBusy, setIsBusy] = useState(false);
  const run = async (call: () => Promise<string>, refusal: (error: unknown) => string) => {
    setIsBusy(true);
    setOutcome(null);
    try {
      setOutcome({ color: "green", text: await call() });
    } catch (error) {
      setOutcome({ color: "red", text: refusal(error) });
    } finally {
      setIsBusy(false);
    }
  };
  return { outcome, isBusy, run };
}

function BackToLogin() {
  const { t } = useAuthTexts();
  const { to } = useLocalizedPaths();
  return (
    <Anchor component={Link} to={to("login")} fw={600}>
      {t(`${texts}.backToLogin`)}
    </Anchor>
  );
}

/** /password/forgot: mail a reset link; the page says the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useAuthTexts();
  const [email, setEmail] = useState("");
  const { outcome, isBusy, run } = useFormCall();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        await requestPasswordReset(email.trim());
        return t(`${texts}.linkSent`, { email: email.trim() });
      },
      (error) => t(isRateLimited(error) ? `${texts}.rateLimited` : `${texts}.generic`),
    );
  };
  return (
    <>
      <title>{`${t(`${texts}.forgotMetaTitle`)} · Souk`}</title>
      <AuthLayout title={t(`${texts}.forgotTitle`)} subtitle={t(`${texts}.forgotSubtitle`)} footer={<BackToLogin />}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {outcome && (
              <Alert color={outcome.color} role="status">
                {outcome.text}
              </Alert>
            )}
            <TextInput
              type="email"
              label={t(`${texts}.emailLabel`)}
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" size="md" fullWidth loading={isBusy} disabled={email.trim() === ""}>
              {t(`${texts}.sendLink`)}
            </Button>
          </Stack>
        </form>
      </AuthLayout>
    </>
  );
}

/** The message of a refused reset: the link's fault, the password's rule, or something else. */
function resetRefusal(t: TFunction, tGlobal: TFunction, error: unknown): string {
  if (isRateLimited(error)) return t(`${texts}.rateLimited`);
  const details = detailsOf(error);
  if (Array.isArray(details.token)) return t(`${texts}.invalidLink`);
  const rule = Array.isArray(details.password) ? details.password[0] : null;
  return typeof rule === "string" ? tGlobal(`validation.${rule}`) : t(`${texts}.generic`);
}

/** /password/reset?token=: the mailed link's page, where the new password is chosen. */
export function ResetPasswordPage() {
  const { t } = useAuthTexts();
  const { t: tGlobal } = useTranslation();
  const { to } = useLocalizedPaths();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [password, setPassword] = useState("");
  const { outcome, isBusy, run } = useFormCall();
  const isDone = outcome?.color === "green";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        await resetPassword(token, password);
        return t(`${texts}.done`);
      },
      (error) => resetRefusal(t, tGlobal, error),
    );
  };
  const askAgain = (
    <Anchor component={Link} to={to("passwordForgot")} fw={600}>
      {t(`${texts}.askAgain`)}
    </Anchor>
  );
  return (
    <>
      <title>{`${t(`${texts}.resetMetaTitle`)} · Souk`}</title>
      <AuthLayout title={t(`${texts}.resetTitle`)} subtitle={t(`${texts}.resetSubtitle`)} footer={<BackToLogin />}>
        <Stack gap="md">
          {outcome && (
            <Alert color={outcome.color} role="status">
              {outcome.text}
            </Alert>
          )}
          {token === "" && !isDone && <Alert color="red">{t(`${texts}.missingLink`)}</Alert>}
          {token !== "" && !isDone && (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <PasswordInput
                  label={t(`${texts}.passwordLabel`)}
                  autoComplete="new-password"
                  aria-describedby="password-rules"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
                <PasswordRules id="password-rules" password={password} />
                <Button type="submit" size="md" fullWidth loading={isBusy} disabled={password === ""}>
                  {t(`${texts}.save`)}
                </Button>
              </Stack>
            </form>
          )}
          {(token === "" || outcome?.color === "red") && askAgain}
        </Stack>
      </AuthLayout>
    </>
  );
}
