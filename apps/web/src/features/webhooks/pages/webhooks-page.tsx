import { Anchor, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { TitledPage } from "../../../ui/titled-page.tsx";
import { webhookQueryOptions } from "../api/webhooks-api.ts";
import { DeliveryLog } from "../components/delivery-log.tsx";
import { WebhookEvents } from "../components/webhook-events.tsx";
import { WebhookSecret } from "../components/webhook-secret.tsx";
import { WebhookUrlForm } from "../components/webhook-url-form.tsx";
import { useWebhooksTexts } from "../i18n/webhooks-texts.ts";

/** /account/webhooks: the account's webhook, its secret, its events and its delivery log. */
export function WebhooksPage() {
  const { t } = useWebhooksTexts();
  const { to } = useLocalizedPaths();
  const webhook = useQuery(webhookQueryOptions());
  const data = webhook.data;
  const isSaved = data?.status === "enabled" || (data?.status === "disabled" && data.url !== null);
  return (
    <TitledPage
      metaTitle={t("metaTitle")}
      title={t("title")}
      size={800}
      subtitle={
        <>
          {t("lead")}{" "}
          <Anchor href={`${to("developers")}#account-webhooks`} size="sm">
            {t("howTo")}
          </Anchor>
        </>
      }
    >
      {webhook.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : webhook.isError || !data ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void webhook.refetch()} />
      ) : (
        <>
          <WebhookUrlForm key={data.url ?? ""} webhook={data} />
          {isSaved ? <WebhookSecret webhook={data} /> : null}
          {isSaved ? (
            <WebhookEvents key={data.events.map((e) => `${e.name}${e.checked}`).join()} webhook={data} />
          ) : null}
          {isSaved ? <DeliveryLog /> : null}
        </>
      )}
    </TitledPage>
  );
}
