import { Alert, Button, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import type { Trade } from "@souk/contracts";
import { useState } from "react";
import { isFeatureEnabled } from "../../../lib/app-config.ts";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useTradeCommand } from "../api/trade-api.ts";
import { useTradeTexts } from "../i18n/trade-texts.ts";
import { errorText } from "./error-text.ts";

const MIN_APPEAL_LENGTH = 10;

function AppealForm({ trade, until }: { trade: Trade; until: string }) {
  const { t } = useTradeTexts();
  const command = useTradeCommand(trade.id);
  const [text, setText] = useState("");
  return (
    <Stack gap="xs" data-testid="dispute-appeal">
      <Title order={3} size="h5">
        {t("appeal.title")}
      </Title>
      <Text size="sm">{t("appeal.body", { time: until })}</Text>
      <Textarea
        label={t("appeal.text")}
        description={t("appeal.textHint")}
        value={text}
        maxLength={2000}
        onChange={(event) => setText(event.currentTarget.value)}
        rows={3}
        required
      />
      {command.isError ? <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert> : null}
      <Group justify="flex-end">
        <Button
          color="orange"
          loading={command.isPending}
          disabled={text.trim().length < MIN_APPEAL_LENGTH}
          onClick={() =>
            command.mutate(
              { kind: "appeal", text: text.trim() },
              { onSuccess: () => showToast({ type: "success", message: t("appeal.done") }) },
            )
          }
        >
          {t("appeal.submit")}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The losing party's appeal of a dispute award (feature flag disputeAppeal): the form while the
 * window is open, else what became of it. The server says which state applies to the viewer.
 */
export function DisputeAppeal({ trade }: { trade: Trade }) {
  const { t } = useTradeTexts();
  const locale = useLocale();
  const { appeal } = trade.dispute;
  if (!isFeatureEnabled("disputeAppeal") || appeal.status === "not_available") return null;
  const when = (iso: string | null) =>
    iso ? formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short" }) : "";
  if (appeal.status === "available" && trade.actions.canAppeal) {
    return <AppealForm trade={trade} until={when(appeal.availableUntil)} />;
  }
  if (appeal.status === "appealed") {
    return (
      <Text size="sm" data-testid="dispute-appeal">
        {t("appeal.appealed", { time: when(appeal.appealedAt) })}
      </Text>
    );
  }
  if (appeal.status === "expired") {
    return (
      <Text size="sm" c="dimmed" data-testid="dispute-appeal">
        {t("appeal.expired", { time: when(appeal.availableUntil) })}
      </Text>
    );
  }
  return null;
}
