import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";
import { ReasonTextarea } from "./reason-form.tsx";

export type DecisionAction = "approve" | "reject" | "resubmit";

interface DecisionCardProps {
  /** A refusal in words (the server's, or one the screen knows before asking); null when none. */
  refusal: string | null;
  /** Why nothing can be decided now (decided already, another reviewer's); null when it can. */
  notice: string | null;
  /** The action on its way, if any. */
  pending: DecisionAction | null;
  onDecide: (action: DecisionAction, reason: string) => void;
  /** The reason's length rule of the API behind it. */
  reason: { min: number; max: number };
  /** More actions above the decision (taking an application into review). */
  extra?: ReactNode;
}

/**
 * Approve, reject with a reason, or ask for the documents again: the decision of a queue item,
 * whichever queue it is. The reason the user is shown is needed for anything but an approval.
 */
export function DecisionCard({ refusal, notice, pending, onDecide, reason: rule, extra }: DecisionCardProps) {
  const { t } = useVerificationQueueTexts();
  const [reason, setReason] = useState("");
  const trimmed = reason.trim();
  const isReasonOk = trimmed.length >= rule.min;
  const decide = (action: DecisionAction) => onDecide(action, action === "approve" ? "" : trimmed);
  const button = (action: Exclude<DecisionAction, "approve">, label: string, props: object) => (
    <Button
      {...props}
      disabled={!isReasonOk || pending !== null}
      loading={pending === action}
      onClick={() => decide(action)}
      data-testid={`review-${action}`}
    >
      {label}
    </Button>
  );
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
      {notice !== null ? (
        <Text size="sm" c="dimmed" data-testid="review-not-waiting">
          {notice}
        </Text>
      ) : (
        <Stack gap="sm">
          {extra}
          <Button
            color="teal"
            loading={pending === "approve"}
            disabled={pending !== null}
            onClick={() => decide("approve")}
            data-testid="review-approve"
          >
            {t("approve")}
          </Button>
          <ReasonTextarea
            label={t("reasonLabel")}
            description={t("reasonHint", { min: rule.min, max: rule.max })}
            value={reason}
            onChange={setReason}
            maxLength={rule.max}
            rows={3}
            testId="review-reason"
          />
          <Group grow>
            {button("reject", t("reject"), { color: "red", variant: "light" })}
            {button("resubmit", t("resubmit"), { variant: "default" })}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
