import { Alert, Anchor, Button, Group, Stack } from "@mantine/core";
import { loginApprovalAnswerResponseSchema } from "@souk/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { apiClient } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { useAuthTexts } from "../i18n/auth-texts.ts";

const texts = "loginApproval";
type Answer = "approve" | "deny";

/**
 * /login/approve?token=&answer=: the mailed links land here. Nothing is answered by opening the
 * page (a mail scanner may open links); the owner presses approve or deny, once.
 */
export function LoginApprovalPage() {
  const { t } = useAuthTexts();
  const { t: tGlobal } = useTranslation();
  const { to } = useLocalizedPaths();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const suggested: Answer = searchParams.get("answer") === "deny" ? "deny" : "approve";
  const send = useMutation({
    mutationFn: async (answer: Answer) =>
      (
        await apiClient.post(
          "/rest/v1/auth/login-approvals/answer",
          { token, answer },
          { schema: loginApprovalAnswerResponseSchema, skipUnauthorizedRedirect: true },
        )
      ).data,
  });
  const refusal = send.isError ? applyServerErrors(send.error, [] as const, () => {}, tGlobal) : null;
  const answerButton = (answer: Answer) => (
    <Button
      color={answer === "approve" ? "green" : "red"}
      variant={answer === suggested ? "filled" : "light"}
      loading={send.isPending && send.variables === answer}
      disabled={send.isPending}
      onClick={() => send.mutate(answer)}
      data-testid={`login-approval-${answer}`}
    >
      {t(`${texts}.${answer}`)}
    </Button>
  );
  return (
    <>
      <title>{`${t(`${texts}.metaTitle`)} · Souk`}</title>
      <AuthLayout
        title={t(`${texts}.title`)}
        subtitle={t(`${texts}.subtitle`)}
        footer={
          <Anchor component={Link} to={to("login")} fw={600}>
            {t("passwordRecovery.backToLogin")}
          </Anchor>
        }
      >
        <Stack gap="md">
          {token === "" && <Alert color="red">{t(`${texts}.missingLink`)}</Alert>}
          {refusal && <Alert color="red">{refusal}</Alert>}
          {send.data && (
            <Alert color={send.data.status === "approved" ? "green" : "orange"} role="status">
              {t(send.data.status === "approved" ? `${texts}.approved` : `${texts}.denied`)}
            </Alert>
          )}
          {token !== "" && !send.data && !send.isError && (
            <Group grow>
              {answerButton("approve")}
              {answerButton("deny")}
            </Group>
          )}
        </Stack>
      </AuthLayout>
    </>
  );
}
