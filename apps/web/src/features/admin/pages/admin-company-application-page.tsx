import { Button, SimpleGrid, Stack } from "@mantine/core";
import { type CompanyReviewItem, type CorporateAccountStatus, ErrorCode } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { companyDocumentUrl, companyItemQueryOptions, useCompanyReviewMutation } from "../api/company-queue-api.ts";
import { type DecisionAction, DecisionCard } from "../components/decision-card.tsx";
import { type ItemDetails, ItemDetailsCard, QueueItemPage, useIsStaff } from "../components/queue-item.tsx";
import { ReviewDocuments } from "../components/review-documents.tsx";
import { useRefusalText, useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

const STATUS_COLORS: Record<CorporateAccountStatus, string> = {
  application_submitted: "blue",
  in_review: "indigo",
  application_approved: "teal",
  application_rejected: "red",
  application_waiting_resubmission: "orange",
};
const FIELDS = ["legalEntityName", "businessName", "registrationNumber", "countryIso3"] as const;
const DECISIONS = { approve: "approve", reject: "reject", resubmit: "request_resubmission" } as const;
const DONE_KEY: Record<DecisionAction, string> = {
  approve: "approved",
  reject: "rejected",
  resubmit: "resubmissionRequested",
};
const PENDING_OF = { approve: "approve", reject: "reject", request_resubmission: "resubmit" } as const;

function useDetails(): (item: CompanyReviewItem) => ItemDetails {
  const { t } = useVerificationQueueTexts();
  return (item) => ({
    status: { label: t(`company.statuses.${item.status}`), color: STATUS_COLORS[item.status] },
    submittedAt: item.submittedAt,
    decidedAt: item.decidedAt,
    reason: item.reason,
    note: item.reviewerUsername ? t("company.reviewer", { name: item.reviewerUsername }) : null,
    lines: FIELDS.map((field) => ({ key: field, label: t(`company.fields.${field}`), value: item[field] })),
  });
}

/** Why the screen offers no decision: one's own (a refusal), decided, or another moderator's. */
function blockOf(
  item: CompanyReviewItem,
  me: string | undefined,
): { refusalCode: string | null; notice: string } | null {
  if (item.username === me) return { refusalCode: ErrorCode.COMPANY_REVIEW_OWN_APPLICATION, notice: "" };
  if (item.status !== "application_submitted" && item.status !== "in_review") {
    return { refusalCode: null, notice: "company.notWaiting" };
  }
  if (item.reviewerUsername && item.reviewerUsername !== me)
    return { refusalCode: null, notice: "company.takenByOther" };
  return null;
}

function CompanyDecision({ item }: { item: CompanyReviewItem }) {
  const { t } = useVerificationQueueTexts();
  const refusalText = useRefusalText();
  const me = useCurrentUser()?.username;
  const mutation = useCompanyReviewMutation(item.id);
  const block = blockOf(item, me);
  const onDecide = (action: DecisionAction, reason: string) =>
    mutation.mutate(
      { type: "decide", decision: DECISIONS[action], ...(action === "approve" ? {} : { reason }) },
      { onSuccess: () => showToast({ type: "success", message: t(DONE_KEY[action]) }) },
    );
  const variables = mutation.isPending ? mutation.variables : undefined;
  const take =
    item.status === "application_submitted" ? (
      <Button
        variant="default"
        loading={variables?.type === "take"}
        disabled={mutation.isPending}
        onClick={() =>
          mutation.mutate(
            { type: "take" },
            { onSuccess: () => showToast({ type: "info", message: t("company.taken") }) },
          )
        }
        data-testid="review-take"
      >
        {t("company.take")}
      </Button>
    ) : null;
  const refusal = block?.refusalCode
    ? t(`errors.${block.refusalCode}`)
    : mutation.isError
      ? refusalText(mutation.error)
      : null;
  return (
    <DecisionCard
      refusal={refusal}
      notice={block ? (block.notice ? t(block.notice, { name: item.reviewerUsername }) : "") : null}
      pending={variables?.type === "decide" ? PENDING_OF[variables.decision] : null}
      onDecide={onDecide}
      reason={{ min: 1, max: 1000 }}
      extra={take}
    />
  );
}

function Application({ item }: { item: CompanyReviewItem }) {
  const detailsOf = useDetails();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ItemDetailsCard details={detailsOf(item)} />
        <CompanyDecision item={item} />
      </SimpleGrid>
      <ReviewDocuments
        documents={item.documents.map((document, index) => ({
          id: document.id,
          label: document.fileName,
          url: document.isAvailable ? companyDocumentUrl(item.id, document.id) : null,
          isImage: document.contentType.startsWith("image/"),
          testId: `review-document-${index + 1}`,
        }))}
      />
    </Stack>
  );
}

/** /admin/verifications/companies/:id: one company application, its documents and the decision (every staff role). */
export function AdminCompanyApplicationPage() {
  const { t } = useVerificationQueueTexts();
  const id = useParams().id ?? "";
  const item = useQuery({ ...companyItemQueryOptions(id), enabled: useIsStaff() });
  return (
    <QueueItemPage
      item={item}
      heading={(data) => t("company.itemTitle", { username: data.username })}
      backQuery={{ kind: "companies" }}
    >
      {(data) => <Application item={data} />}
    </QueueItemPage>
  );
}
