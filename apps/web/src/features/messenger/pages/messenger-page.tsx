import { Alert, Avatar, Badge, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { MessengerConversation } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { MESSENGER_CHAT_PARAM, messengerTarget } from "../../../lib/messenger-params.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { conversationsQueryOptions } from "../api/messenger-api.ts";
import classes from "../components/messenger.module.css";
import { MessengerChat } from "../components/messenger-chat.tsx";
import { useMessengerTexts } from "../i18n/messenger-texts.ts";
import { useSmallScreen } from "../model/use-small-screen.ts";

function ConversationLink({ item, isActive }: { item: MessengerConversation; isActive: boolean }) {
  const { t } = useMessengerTexts();
  const { to, locale } = useLocalizedPaths();
  const preview = item.lastMessage.isMine ? t("list.mine", { text: item.lastMessage.text }) : item.lastMessage.text;
  return (
    <Link
      to={to("messenger", {}, { [MESSENGER_CHAT_PARAM]: item.username })}
      className={classes.conversation}
      data-active={isActive || undefined}
      aria-current={isActive ? "page" : undefined}
      data-testid="messenger-conversation"
    >
      <Avatar name={item.username} color="initials" radius="xl" alt="" />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={item.unreadCount > 0 ? 700 : 500} size="sm" truncate="end">
            {item.username}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatDate(item.lastMessage.createdAt, locale, { dateStyle: "short" })}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" className={classes.preview}>
            {preview}
          </Text>
          {item.unreadCount > 0 ? (
            <Badge
              size="sm"
              color="red"
              data-testid="messenger-unread"
              aria-label={t("unread", { count: item.unreadCount })}
            >
              {item.unreadCount}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Link>
  );
}

function ConversationList({ active }: { active: string | null }) {
  const { t } = useMessengerTexts();
  const conversations = useQuery(conversationsQueryOptions());
  if (conversations.isPending) return <Text c="dimmed">{t("loading")}</Text>;
  if (conversations.isError) {
    return (
      <Alert color="red">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("list.error")}</Text>
          <Button size="xs" variant="default" onClick={() => void conversations.refetch()}>
            {t("retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (conversations.data.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="messenger-list-empty">
        {t("list.empty")}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="messenger-list">
      {conversations.data.data.map((item) => (
        <ConversationLink
          key={item.username}
          item={item}
          isActive={item.username.toLowerCase() === active?.toLowerCase()}
        />
      ))}
    </Stack>
  );
}

/**
 * The messenger page: the viewer's conversations with unread counts, and the one of
 * `?messenger-chat={username}`. Small screens show one or the other (the product's full page).
 */
export function MessengerPage() {
  const { t } = useMessengerTexts();
  const { to } = useLocalizedPaths();
  const isSmall = useSmallScreen();
  const [searchParams] = useSearchParams();
  const target = messengerTarget(searchParams);
  const chat = target ? (
    <Paper withBorder radius="lg" p="md" h={{ base: "calc(100dvh - 140px)", sm: 620 }}>
      <MessengerChat username={target} />
    </Paper>
  ) : (
    <Paper withBorder radius="lg" p="xl" visibleFrom="sm">
      <Text c="dimmed" ta="center">
        {t("list.choose")}
      </Text>
    </Paper>
  );
  return (
    <Container size="lg" w="100%" py={{ base: "md", sm: "xl" }} data-testid="messenger-page">
      <title>{`${t("metaTitle")} · Souk`}</title>
      {isSmall && target ? (
        <Stack gap="sm">
          <Button component={Link} to={to("messenger")} variant="subtle" size="xs" w="fit-content">
            {t("back")}
          </Button>
          {chat}
        </Stack>
      ) : (
        <Stack gap="lg">
          <Title order={1}>{t("title")}</Title>
          <div className={classes.layout}>
            <Paper withBorder radius="lg" p="xs">
              <ConversationList active={target} />
            </Paper>
            {chat}
          </div>
        </Stack>
      )}
    </Container>
  );
}
