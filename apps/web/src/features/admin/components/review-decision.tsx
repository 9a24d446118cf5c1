import { type ReviewItem, VerificationErrorCode } from "@souk/contracts";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { type ReviewDecision, useReviewDecisionMutation } from "../api/verification-queue-api.ts";
import { useRefusalText, useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";
import { type DecisionAction, DecisionCard } from "./decision-card.tsx";

const DONE_KEY: Record<DecisionAction, string> = {
  approve: "approved",
  reject: "rejected",
  resubmit: "resubmissionRequested",
};

function requestOf(action: DecisionAction, reason: string): ReviewDecision {
  if (action === "approve") return { action };
  return { action: action === "reject" ? "reject" : "request-resubmission", reason };
}

const PENDING_OF: Record<ReviewDecision["action"], DecisionAction> = {
  approve: "approve",
  reject: "reject",
  "request-resubmission": "resubmit",
};

/**
 * The decision on an identity or address submission. Only one waiting for review can be decided,
 * and never by its own applicant: the screen says so before the server would.
 */
export function ReviewDecisionCard({ item }: { item: ReviewItem }) {
  const { t } = useVerificationQueueTexts();
  const refusalText = useRefusalText();
  const viewer = useCurrentUser();
  const mutation = useReviewDecisionMutation(item.id);
  const isOwn = viewer?.username === item.username;
  const onDecide = (action: DecisionAction, reason: string) =>
    mutation.mutate(requestOf(action, reason), {
      onSuccess: () => showToast({ type: "success", message: t(DONE_KEY[action]) }),
    });
  const refusal = isOwn
    ? t(`errors.${VerificationErrorCode.SELF_REVIEW}`)
    : mutation.isError
      ? refusalText(mutation.error)
      : null;
  return (
    <DecisionCard
      refusal={refusal}
      notice={item.status !== "uploaded" ? t("notWaiting") : isOwn ? "" : null}
      pending={mutation.isPending && mutation.variables ? PENDING_OF[mutation.variables.action] : null}
      onDecide={onDecide}
      reason={{ min: 3, max: 500 }}
    />
  );
}
