import { Avatar, Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { Feedback } from "@souk/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatDate } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { type FeedbackFilter, userFeedbackQueryOptions } from "../api/reputation-api.ts";
import { useReputationTexts } from "../i18n/reputation-texts.ts";

const filters: readonly FeedbackFilter[] = ["all", "positive", "negative"];

function FeedbackItem({ item }: { item: Feedback }) {
  const { t, i18n } = useReputationTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  return (
    <Paper component="li" radius="md" p="sm" bg="var(--souk-surface-muted)" data-testid="feedback-item">
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Badge color={item.rating === "negative" ? "red" : "teal"} variant="light" radius="sm">
            {item.rating === "negative" ? t("feedback.negative") : t("feedback.positive")}
          </Badge>
          <Avatar src={item.author.avatarUrl} name={item.author.username} color="initials" size={22} alt="" />
          <Text size="xs" c="dimmed" truncate>
            {t("feedback.from", { username: item.author.username })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDate(item.createdAt, locale)}
        </Text>
      </Group>
      <Text size="sm">{item.message}</Text>
      {item.reply ? (
        <Text size="sm" c="dimmed" mt={6} pl="sm" style={{ borderLeft: "2px solid var(--souk-border)" }}>
          <Text span inherit fw={600}>
            {t("feedback.reply", { username: item.receiver.username })}
          </Text>
          {": "}
          {item.reply}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * A user's received feedback, ten at a time with "Show more", filtered to all, positive or
 * negative; used by the profile and by the offer page (for the offer's owner).
 */
export function FeedbackFeed({ username }: { username: string }) {
  const { t } = useReputationTexts();
  const titleId = useId();
  const [filter, setFilter] = useState<FeedbackFilter>("all");
  const feedback = useInfiniteQuery(userFeedbackQueryOptions(username, filter));
  const items = feedback.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = feedback.data?.pages[0];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId} data-testid="feedback-feed">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h5" id={titleId}>
          {t("feedback.title")}
        </Title>
        {counts ? (
          <Text size="sm" c="dimmed" data-testid="feedback-summary">
            {t("feedback.summary", { positive: counts.positive, negative: counts.negative })}
          </Text>
        ) : null}
      </Group>
      <SegmentedControl
        aria-label={t("feedback.filterLabel")}
        value={filter}
        onChange={(value) => setFilter(value as FeedbackFilter)}
        data={filters.map((value) => ({ value, label: t(`feedback.filters.${value}`) }))}
        radius="md"
        size="xs"
        mb="md"
        data-testid="feedback-filter"
      />
      {feedback.isError && items.length === 0 ? (
        <LoadError
          message={t("feedback.error")}
          retryLabel={t("feedback.retry")}
          onRetry={() => void feedback.refetch()}
        />
      ) : feedback.isPending ? (
        <Skeleton height={72} radius="md" />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="feedback-empty">
          {t(`feedback.empty.${filter}`, { username })}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {items.map((item) => (
            <FeedbackItem key={item.id} item={item} />
          ))}
        </Stack>
      )}
      {feedback.hasNextPage ? (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void feedback.fetchNextPage()} loading={feedback.isFetchingNextPage}>
            {t("feedback.more")}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
