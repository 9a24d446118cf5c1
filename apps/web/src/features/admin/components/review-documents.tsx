import { Anchor, Image, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReviewItem } from "@souk/contracts";
import { reviewDocumentUrl } from "../api/verification-queue-api.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

/**
 * A submission's documents as the reviewer sees them: images shown in place and every file
 * opened through the staff route, which records each opening (docs/decisions/117-manual-review-queue.md).
 */
export function ReviewDocuments({ item }: { item: ReviewItem }) {
  const { t } = useVerificationQueueTexts();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="review-documents">
      <Title order={2} size="h4">
        {t("documents")}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t("documentsHint")}
      </Text>
      {item.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noDocument")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {item.documents.map((document) => {
            const url = reviewDocumentUrl(item.id, document.id);
            const side = t(`sides.${document.side}`);
            return (
              <Stack key={document.id} gap={4} data-testid={`review-document-${document.side}`}>
                <Text size="sm" fw={600}>
                  {side}
                </Text>
                {document.contentType.startsWith("image/") ? (
                  <Image src={url} alt={side} radius="md" fit="contain" h={220} bg="var(--mantine-color-default-hover)" />
                ) : null}
                <Anchor href={url} target="_blank" rel="noopener" size="sm">
                  {t("openFull")}
                </Anchor>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}
