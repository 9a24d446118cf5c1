import { Anchor, Image, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

interface ViewedDocument {
  id: string;
  /** What it is: an ID's side, a file's name. */
  label: string;
  /** The staff route that serves it (and records the opening); null once retention removed it. */
  url: string | null;
  isImage: boolean;
  testId: string;
}

/**
 * A queue item's documents as the reviewer sees them: images shown in place, every file opened
 * through the staff route, which records each opening (docs/decisions/117-manual-review-queue.md).
 */
export function ReviewDocuments({ documents }: { documents: readonly ViewedDocument[] }) {
  const { t } = useVerificationQueueTexts();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="review-documents">
      <Title order={2} size="h4">
        {t("documents")}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t("documentsHint")}
      </Text>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noDocument")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {documents.map((document) => (
            <Stack key={document.id} gap={4} data-testid={document.testId}>
              <Text size="sm" fw={600}>
                {document.label}
              </Text>
              {document.url === null ? (
                <Text size="sm" c="dimmed">
                  {t("removed")}
                </Text>
              ) : (
                <>
                  {document.isImage ? (
                    <Image
                      src={document.url}
                      alt={document.label}
                      radius="md"
                      fit="contain"
                      h={220}
                      bg="var(--mantine-color-default-hover)"
                    />
                  ) : null}
                  <Anchor href={document.url} target="_blank" rel="noopener" size="sm">
                    {t("openFull")}
                  </Anchor>
                </>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
