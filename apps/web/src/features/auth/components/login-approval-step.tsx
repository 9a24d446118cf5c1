import { Anchor, Loader, Stack, Text, Title } from "@mantine/core";
import type { AuthSession, TwoFactorType } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { continueApprovedLogIn } from "../api/auth-api.ts";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import { FormAlert } from "./form-alert.tsx";

/** How often the waiting page asks whether the mailed link was answered. */
const APPROVAL_POLL_MS = 3000;

export interface LoginApprovalStepProps {
  onLoggedIn: (session: AuthSession) => void;
  onSecondFactor: (type: TwoFactorType) => void;
  onRestart: () => void;
}

/**
 * A right password from a new device of a user who asks for approvals: the page waits, asking the
 * server every few seconds, until the mailed link approves (then the log-in goes on) or denies.
 */
export function LoginApprovalStep({ onLoggedIn, onSecondFactor, onRestart }: LoginApprovalStepProps) {
  const { t } = useAuthTexts();
  const { t: tGlobal } = useTranslation();
  const waiting = useQuery({
    queryKey: ["login-approval-wait"],
    queryFn: continueApprovedLogIn,
    refetchInterval: (query) => ("approvalRequired" in (query.state.data ?? {}) ? APPROVAL_POLL_MS : false),
    retry: false,
    gcTime: 0,
  });
  const answer = waiting.data;
  useEffect(() => {
    if (!answer) return;
    if ("user" in answer) onLoggedIn(answer);
    else if ("twoFactorRequired" in answer) onSecondFactor(answer.type);
  }, [answer, onLoggedIn, onSecondFactor]);
  const refusal = waiting.isError ? applyServerErrors(waiting.error, [] as const, () => {}, tGlobal) : null;

  return (
    <Stack gap="md" data-testid="login-approval-step">
      <Title order={3}>{t("login.approvalTitle")}</Title>
      <Text c="dimmed" size="sm">
        {t("login.approvalLead")}
      </Text>
      {refusal ? (
        <FormAlert message={refusal} />
      ) : (
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t("login.approvalWaiting")}</Text>
        </Stack>
      )}
      <Anchor component="button" type="button" size="sm" onClick={onRestart}>
        {t("login.codeRestart")}
      </Anchor>
    </Stack>
  );
}
