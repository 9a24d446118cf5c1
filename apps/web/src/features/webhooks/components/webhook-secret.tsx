import { Alert, Button, Group, Paper, Stack, Title } from "@mantine/core";
import type { AccountWebhook } from "@souk/contracts";
import { showToast } from "../../../lib/toast.ts";
import { CopyableCode } from "../../../ui/copyable-code.tsx";
import { useRotateWebhookSecret } from "../api/webhooks-api.ts";
import { useWebhooksTexts } from "../i18n/webhooks-texts.ts";

/** The signing secret, shown the once the server gives it, and a button for a new one. */
export function WebhookSecret({ webhook }: { webhook: AccountWebhook }) {
  const { t } = useWebhooksTexts();
  const rotate = useRotateWebhookSecret();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="webhook-secret">
      <Title order={2} size="h4" mb="sm">
        {t("secret.title")}
      </Title>
      <Stack gap="sm">
        {webhook.secret ? (
          <>
            <Alert color="yellow" variant="light">
              {t("secret.warning")}
            </Alert>
            <CopyableCode
              value={webhook.secret}
              testId="webhook-secret-value"
              copyLabel={t("secret.copy")}
              copiedLabel={t("secret.copied")}
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () => showToast({ type: "success", message: t("secret.rotated") }),
              })
            }
          >
            {t("secret.rotate")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
