import { Alert, Anchor, Button, Group, PinInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { currentUserQueryKey, useCurrentUser } from "../../../lib/session.ts";
import { changeUnconfirmedEmail, resendEmailCode, verifyEmailCode } from "../api/email-verification-api.ts";
import { useEmailVerificationTexts } from "../i18n/email-verification-texts.ts";

/** The message key of a refusal: the first per-field detail the server names, else a generic one. */
function refusalKey(error: unknown): { key: string; seconds?: number } {
  if (!(error instanceof ApiError)) return { key: "errors.generic" };
  const details = (error.body.errors as { details?: Record<string, unknown> }).details ?? {};
  if (typeof details.retryAfter === "number") return { key: "errors.rateLimited", seconds: details.retryAfter };
  const first = [details.code, details.email].flat().find((value) => typeof value === "string");
  return { key: typeof first === "string" ? `errors.${first}` : "errors.generic" };
}

/** Enter the mailed code, ask for a new one, or move an unverified account to another address. */
export function EmailVerificationSection() {
  const { t } = useEmailVerificationTexts();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [newEmail, setNewEmail] = useState("");
  const [isChanging, setIsChanging] = useState(false);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  if (!user) return null;
  const email = user.email ?? "";
  if (user.verification.email) return <Alert color="green">{t("verified", { email })}</Alert>;

  async function run(action: () => Promise<void>, success?: string) {
    setIsBusy(true);
    setMessage(null);
    try {
      await action();
      if (success) setMessage({ color: "green", text: success });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    } catch (error) {
      const refusal = refusalKey(error);
      setMessage({ color: "red", text: t(refusal.key, { seconds: refusal.seconds }) });
    } finally {
      setIsBusy(false);
    }
  }
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void run(() => verifyEmailCode(code));
  };
  const onChange = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await changeUnconfirmedEmail(newEmail);
      setIsChanging(false);
    }, t("resent"));
  };

  return (
    <Stack gap="md" maw={440}>
      <Title order={2}>{t("title")}</Title>
      <Text c="dimmed">{t("lead", { email })}</Text>
      {message && (
        <Alert color={message.color} role="status">
          {message.text}
        </Alert>
      )}
      <form onSubmit={onVerify}>
        <Stack gap="sm">
          <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label={t("code")} />
          <Group>
            <Button type="submit" loading={isBusy} disabled={code.length !== 6}>
              {t("submit")}
            </Button>
            <Anchor component="button" type="button" onClick={() => void run(resendEmailCode, t("resent"))}>
              {t("resend")}
            </Anchor>
          </Group>
        </Stack>
      </form>
      {isChanging ? (
        <form onSubmit={onChange}>
          <Group align="end">
            <TextInput
              type="email"
              label={t("newEmail")}
              value={newEmail}
              onChange={(e) => setNewEmail(e.currentTarget.value)}
              required
            />
            <Button type="submit" variant="light" loading={isBusy}>
              {t("changeSubmit")}
            </Button>
          </Group>
        </form>
      ) : (
        <Group>
          <Anchor component="button" type="button" size="sm" onClick={() => setIsChanging(true)}>
            {t("change")}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
