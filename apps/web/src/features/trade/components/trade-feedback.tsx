import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from "@mantine/core";
import type { Feedback } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { showToast } from "../../../lib/toast.ts";
import { feedbackQueryOptions, useGiveFeedback, useReplyFeedback } from "../api/trade-api.ts";
import { useTradeTexts } from "../i18n/trade-texts.ts";
import { errorText } from "./error-text.ts";

function FeedbackCard({ feedback, title }: { feedback: Feedback; title: string }) {
  const { t } = useTradeTexts();
  return (
    <Stack gap={4} data-testid="feedback-card">
      <Group gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Badge color={feedback.rating === "positive" ? "green" : "red"} variant="light">
          {t(`feedback.${feedback.rating}`)}
        </Badge>
      </Group>
      <Text size="sm">{feedback.message}</Text>
      {feedback.reply ? (
        <Text size="sm" c="dimmed">
          {t("feedback.replied", { text: feedback.reply })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** After a finished trade: give feedback once, read what the partner said, reply once. */
export function TradeFeedback({ tradeId, partner }: { tradeId: string; partner: string }) {
  const { t } = useTradeTexts();
  const feedback = useQuery(feedbackQueryOptions(tradeId, true));
  const give = useGiveFeedback(tradeId);
  const reply = useReplyFeedback(tradeId);
  const [rating, setRating] = useState<"positive" | "negative">("positive");
  const [message, setMessage] = useState("");
  const [replyText, setReplyText] = useState("");
  const data = feedback.data;
  if (feedback.isPending) return null;
  if (feedback.isError || !data) return null;
  if (!data.canGive && !data.given && !data.received) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("feedback.title")}
        </Title>
        {data.canGive ? (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t("feedback.give", { user: partner })}
            </Text>
            <SegmentedControl
              aria-label={t("feedback.rating")}
              value={rating}
              onChange={(value) => setRating(value === "negative" ? "negative" : "positive")}
              data={[
                { value: "positive", label: t("feedback.positive") },
                { value: "negative", label: t("feedback.negative") },
              ]}
            />
            <Textarea
              label={t("feedback.message")}
              value={message}
              maxLength={1000}
              onChange={(event) => setMessage(event.currentTarget.value)}
              autosize
              minRows={2}
            />
            {give.isError ? <Alert color="red">{errorText(give.error, t("errors.generic"))}</Alert> : null}
            <Group justify="flex-end">
              <Button
                loading={give.isPending}
                disabled={!message.trim()}
                onClick={() =>
                  give.mutate(
                    { rating, message: message.trim() },
                    { onSuccess: () => showToast({ type: "success", message: t("feedback.sent") }) },
                  )
                }
              >
                {t("feedback.submit")}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {data.given ? <FeedbackCard feedback={data.given} title={t("feedback.given")} /> : null}
        {data.received ? (
          <FeedbackCard
            feedback={data.received}
            title={t("feedback.received", { user: data.received.author.username })}
          />
        ) : null}
        {data.canReply ? (
          <Stack gap="xs">
            <Textarea
              label={t("feedback.replyLabel")}
              value={replyText}
              maxLength={1000}
              onChange={(event) => setReplyText(event.currentTarget.value)}
              autosize
              minRows={2}
            />
            {reply.isError ? <Alert color="red">{errorText(reply.error, t("errors.generic"))}</Alert> : null}
            <Group justify="flex-end">
              <Button
                variant="light"
                loading={reply.isPending}
                disabled={!replyText.trim()}
                onClick={() => reply.mutate(replyText.trim())}
              >
                {t("feedback.replySubmit")}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
