import { Button, Checkbox, Group, Paper, Stack, Title } from "@mantine/core";
import { ACCOUNT_WEBHOOK_EVENTS, type AccountWebhook, type AccountWebhookEvent } from "@souk/contracts";
import { useState } from "react";
import { showToast } from "../../../lib/toast.ts";
import { useSelectWebhookEvents } from "../api/webhooks-api.ts";
import { useWebhooksTexts } from "../i18n/webhooks-texts.ts";

/** The events sent to the URL: a new webhook starts with every one checked. */
export function WebhookEvents({ webhook }: { webhook: AccountWebhook }) {
  const { t } = useWebhooksTexts();
  const select = useSelectWebhookEvents();
  const [checked, setChecked] = useState<string[]>(
    webhook.events.filter((event) => event.checked).map((event) => event.name),
  );
  const save = () =>
    select.mutate(
      ACCOUNT_WEBHOOK_EVENTS.filter((name): name is AccountWebhookEvent => checked.includes(name)),
      { onSuccess: () => showToast({ type: "success", message: t("events.saved") }) },
    );
  return (
    <Paper withBorder radius="lg" p="md" data-testid="webhook-events">
      <Title order={2} size="h4" mb="sm">
        {t("events.title")}
      </Title>
      <Checkbox.Group value={checked} onChange={setChecked}>
        <Stack gap="xs">
          {ACCOUNT_WEBHOOK_EVENTS.map((name) => (
            <Checkbox key={name} value={name} label={t(`events.names.${name}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" loading={select.isPending} onClick={save}>
          {t("events.save")}
        </Button>
      </Group>
    </Paper>
  );
}
