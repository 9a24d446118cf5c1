import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { CompanyVerificationState } from "@souk/contracts";
import { ownDocumentUrl } from "../api/corporate-account-api.ts";
import { useCorporateAccountTexts } from "../i18n/corporate-account-texts.ts";

const STATUS_COLORS: Record<string, string> = {
  application_submitted: "blue",
  in_review: "blue",
  application_approved: "teal",
  application_rejected: "red",
  application_waiting_resubmission: "orange",
};

/** Where the company application stands, the moderator's reason, and the documents sent. */
export function CompanyStatusCard({ state }: { state: CompanyVerificationState }) {
  const { t } = useCorporateAccountTexts();
  const application = state.application;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="company-status">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t("status.title")}
          </Title>
          {state.status && (
            <Badge color={STATUS_COLORS[state.status]} variant="light" data-testid="company-status-badge">
              {t(`status.badge.${state.status}`)}
            </Badge>
          )}
        </Group>
        <Text>{t(`status.${state.status ?? "none"}`)}</Text>
        {application?.reason && (
          <Alert color={state.status === "application_rejected" ? "red" : "orange"}>
            {t("status.reason", { reason: application.reason })}
          </Alert>
        )}
        {state.isPostponed && !application && (
          <Text size="sm" c="dimmed">
            {t("status.postponed")}
          </Text>
        )}
        {application && (
          <>
            <Text size="sm">
              {application.legalEntityName} · {application.businessName} · {application.registrationNumber} ·{" "}
              {application.countryIso3}
            </Text>
            <Text size="sm" fw={500}>
              {t("status.documents")}
            </Text>
            <List size="sm">
              {application.documents.map((document) => (
                <List.Item key={document.id}>
                  {document.isAvailable ? (
                    <Anchor href={ownDocumentUrl(document.id)} target="_blank" rel="noopener">
                      {document.fileName}
                    </Anchor>
                  ) : (
                    `${document.fileName} (${t("status.removed")})`
                  )}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}
