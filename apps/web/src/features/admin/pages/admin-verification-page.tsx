import { SimpleGrid, Stack } from "@mantine/core";
import type { ReviewItem } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { reviewDocumentUrl, reviewItemQueryOptions } from "../api/verification-queue-api.ts";
import { type ItemDetails, ItemDetailsCard, QueueItemPage, useIsStaff } from "../components/queue-item.tsx";
import { ReviewDecisionCard } from "../components/review-decision.tsx";
import { ReviewDocuments } from "../components/review-documents.tsx";
import { payloadLines, VERIFICATION_STATUS_COLORS } from "../components/review-item-format.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

function useDetails(): (item: ReviewItem) => ItemDetails {
  const { t } = useVerificationQueueTexts();
  return (item) => ({
    status: { label: t(`statuses.${item.status}`), color: VERIFICATION_STATUS_COLORS[item.status] },
    submittedAt: item.createdAt,
    decidedAt: item.decidedAt,
    reason: item.reason,
    note:
      item.missing.length > 0
        ? t("missing", { sides: item.missing.map((side) => t(`sides.${side}`)).join(", ") })
        : null,
    lines: payloadLines(item).map(({ field, value }) => ({
      key: field,
      label: t(`fields.${field}`),
      value: field === "documentType" ? t(`documentTypes.${value}`, { defaultValue: value }) : value,
    })),
  });
}

function Submission({ item }: { item: ReviewItem }) {
  const { t } = useVerificationQueueTexts();
  const detailsOf = useDetails();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ItemDetailsCard details={detailsOf(item)} />
        <ReviewDecisionCard item={item} />
      </SimpleGrid>
      <ReviewDocuments
        documents={item.documents.map((document) => ({
          id: document.id,
          label: t(`sides.${document.side}`),
          url: reviewDocumentUrl(item.id, document.id),
          isImage: document.contentType.startsWith("image/"),
          testId: `review-document-${document.side}`,
        }))}
      />
    </Stack>
  );
}

/** /admin/verifications/:id: one identity or address submission, its documents and the decision (every staff role). */
export function AdminVerificationPage() {
  const { t } = useVerificationQueueTexts();
  const id = useParams().id ?? "";
  const item = useQuery({ ...reviewItemQueryOptions(id), enabled: useIsStaff() });
  return (
    <QueueItemPage
      item={item}
      heading={(data) => t("itemTitle", { type: t(`types.${data.type}`), username: data.username })}
    >
      {(data) => <Submission item={data} />}
    </QueueItemPage>
  );
}
