import { Alert, Badge, Group, Text } from "@mantine/core";
import type { VerificationStatus, VerificationSubmission } from "@souk/contracts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";

const COLORS: Record<VerificationStatus, string> = {
  pending: "gray",
  uploaded: "blue",
  approved: "green",
  rejected: "red",
  corrupted: "orange",
};

/** A submission's status, and the reviewer's reason when it was turned down. */
export function SubmissionStatus({ submission }: { submission: VerificationSubmission }) {
  const { t } = useVerificationTexts();
  return (
    <Group gap="sm" data-testid={`status-${submission.type}`}>
      <Badge color={COLORS[submission.status]} variant="light">
        {t(`status.${submission.status}`)}
      </Badge>
      {submission.reason && (
        <Alert color={COLORS[submission.status]} p="xs" w="100%">
          <Text size="sm">{t("reason", { reason: submission.reason })}</Text>
        </Alert>
      )}
    </Group>
  );
}
