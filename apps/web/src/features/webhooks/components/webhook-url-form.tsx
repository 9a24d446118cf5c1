import { Alert, Anchor, Badge, Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import type { AccountWebhook } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteWebhook, useSaveWebhook, useVerifyWebhook } from "../api/webhooks-api.ts";
import { useWebhooksTexts } from "../i18n/webhooks-texts.ts";

const STATUS_COLORS = { initial: "gray", verification: "blue", enabled: "green", disabled: "red" } as const;

/** The notice of the last verification: passed, on, or failed with its error key. */
function Notice({ webhook }: { webhook: AccountWebhook }) {
  const { t } = useWebhooksTexts();
  if (webhook.errorKey) {
    return (
      <Alert color="red" variant="light" data-testid="webhook-notice-failed">
        {t("notice.failed", { reason: t(`errorKeys.${webhook.errorKey}`) })}{" "}
        {webhook.knowledgeLink ? <Anchor href={webhook.knowledgeLink}>{t("notice.more")}</Anchor> : null}
      </Alert>
    );
  }
  if (webhook.status === "verification") {
    return (
      <Alert color="blue" variant="light" data-testid="webhook-notice-passed">
        {t("notice.passed")}
      </Alert>
    );
  }
  return null;
}

function refusalOf(error: unknown): "url.refused" | "url.notVerified" | "url.failed" {
  if (error instanceof ApiError && error.code === "ERROR_WEBHOOK_NOT_VERIFIED") return "url.notVerified";
  if (error instanceof ApiError && error.status === 422) return "url.refused";
  return "url.failed";
}

/** The URL: verify it (the challenge), save it once verified, or remove the webhook. */
export function WebhookUrlForm({ webhook }: { webhook: AccountWebhook }) {
  const { t } = useWebhooksTexts();
  const [url, setUrl] = useState(webhook.url ?? "");
  const verify = useVerifyWebhook();
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const failure = verify.error ?? save.error;
  const isVerified = webhook.status === "verification" && webhook.url === url.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    verify.mutate(url.trim());
  };
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} data-testid="webhook-url-form">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t("url.label")}
        </Title>
        <Badge color={STATUS_COLORS[webhook.status]} data-testid="webhook-status">
          {t(`status.${webhook.status}`)}
        </Badge>
      </Group>
      <Stack gap="sm">
        <TextInput
          aria-label={t("url.label")}
          description={t("url.hint")}
          placeholder="https://example.com/hooks/souk"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          maxLength={2000}
          required
        />
        <Notice webhook={webhook} />
        {failure ? (
          <Alert color="red" variant="light">
            {t(refusalOf(failure))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {webhook.status !== "initial" ? (
            <Button
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setUrl("");
                    showToast({ type: "success", message: t("url.removed") });
                  },
                })
              }
            >
              {t("url.remove")}
            </Button>
          ) : null}
          <Button type="submit" variant="default" loading={verify.isPending} disabled={url.trim().length === 0}>
            {t("url.verify")}
          </Button>
          <Button
            loading={save.isPending}
            disabled={!isVerified}
            onClick={() =>
              save.mutate(url.trim(), { onSuccess: () => showToast({ type: "success", message: t("url.saved") }) })
            }
          >
            {t("url.save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
