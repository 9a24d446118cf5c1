import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { type ReviewItem, VerificationErrorCode } from "@souk/contracts";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { type ReviewDecision, useReviewDecisionMutation } from "../api/verification-queue-api.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

const REASON_MIN = 3;
const REASON_MAX = 500;

const DONE_KEY: Record<ReviewDecision["action"], string> = {
  approve: "approved",
  reject: "rejected",
  "request-resubmission": "resubmissionRequested",
};

/** The refusal's text: a known code of the verification module, else the generic one. */
function useRefusalText() {
  const { t } = useVerificationQueueTexts();
  return (error: unknown) => t(`errors.${isApiError(error) ? error.code : "generic"}`, { defaultValue: t("errors.generic") });
}

/**
 * Approve, reject with a reason or ask for the files again. Only a submission waiting for review
 * can be decided, and never by its own applicant: the screen says so before the server would.
 */
export function ReviewDecisionCard({ item }: { item: ReviewItem }) {
  const { t } = useVerificationQueueTexts();
  const refusalText = useRefusalText();
  const viewer = useCurrentUser();
  const mutation = useReviewDecisionMutation(item.id);
  const [reason, setReason] = useState("");
  const trimmed = reason.trim();
  const isOwn = viewer?.username === item.username;
  const decide = (decision: ReviewDecision) =>
    mutation.mutate(decision, {
      onSuccess: () => {
        setReason("");
        showToast({ type: "success", message: t(DONE_KEY[decision.action]) });
      },
    });
  const refusal = isOwn
    ? t(`errors.${VerificationErrorCode.SELF_REVIEW}`)
    : mutation.isError
      ? refusalText(mutation.error)
      : null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="review-decision">
      <Title order={2} size="h4" mb="sm">
        {t("decisionTitle")}
      </Title>
      {refusal ? (
        <Alert color="red" variant="light" mb="sm" role="alert" data-testid="review-refusal">
          {refusal}
        </Alert>
      ) : null}
      {item.status !== "uploaded" ? (
        <Text size="sm" c="dimmed" data-testid="review-not-waiting">
          {t("notWaiting")}
        </Text>
      ) : isOwn ? null : (
        <Stack gap="sm">
          <Button
            color="teal"
            loading={mutation.isPending && mutation.variables?.action === "approve"}
            disabled={mutation.isPending}
            onClick={() => decide({ action: "approve" })}
            data-testid="review-approve"
          >
            {t("approve")}
          </Button>
          <Textarea
            label={t("reasonLabel")}
            description={t("reasonHint")}
            value={reason}
            maxLength={REASON_MAX}
            autosize
            minRows={2}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="review-reason"
          />
          <Group grow>
            <Button
              color="red"
              variant="light"
              disabled={trimmed.length < REASON_MIN || mutation.isPending}
              loading={mutation.isPending && mutation.variables?.action === "reject"}
              onClick={() => decide({ action: "reject", reason: trimmed })}
              data-testid="review-reject"
            >
              {t("reject")}
            </Button>
            <Button
              variant="default"
              disabled={trimmed.length < REASON_MIN || mutation.isPending}
              loading={mutation.isPending && mutation.variables?.action === "request-resubmission"}
              onClick={() => decide({ action: "request-resubmission", reason: trimmed })}
              data-testid="review-resubmit"
            >
              {t("resubmit")}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
