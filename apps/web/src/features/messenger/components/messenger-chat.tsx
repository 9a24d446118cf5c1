import { ActionIcon, Alert, Anchor, Button, Group, ScrollArea, Stack, Text, Textarea, Title } from "@mantine/core";
import { CHAT_MESSAGE_MAX_LENGTH, type DirectMessage, type MessengerListMeta } from "@souk/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { CloseIcon } from "../../../ui/icons.tsx";
import {
  type ConversationPage,
  conversationQueryOptions,
  useMarkRead,
  useSendDirectMessage,
} from "../api/messenger-api.ts";
import { useMessengerTexts } from "../i18n/messenger-texts.ts";
import { readMarkFor } from "../model/messenger-url.ts";
import classes from "./messenger.module.css";

function MessageLine({ message }: { message: DirectMessage }) {
  const { t } = useMessengerTexts();
  const { locale } = useLocalizedPaths();
  return (
    <div className={classes.line} data-mine={message.isMine || undefined} data-testid="messenger-message">
      <div className={classes.bubble}>
        <Group gap={8} justify="space-between" wrap="nowrap">
          <Text size="xs" fw={600}>
            {message.isMine ? t("you") : message.from}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(message.createdAt, locale, { timeStyle: "short" })}
          </Text>
        </Group>
        <Text size="sm" className={classes.text}>
          {message.text}
        </Text>
      </div>
    </div>
  );
}

/** Pages come newest first; the conversation reads oldest first, each message once. */
function inTimeOrder(pages: readonly ConversationPage[]): DirectMessage[] {
  const byId = new Map<number, DirectMessage>();
  for (const page of pages) for (const message of page.data) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Why the viewer may not write, in the words of the refusal the server gave. */
function refusalText(meta: MessengerListMeta, t: ReturnType<typeof useMessengerTexts>["t"], user: string): string {
  if (meta.blockReason) return t("refusals.ChatBlocked", { user });
  if (meta.acceptChatMessages) return t(`refusals.${meta.acceptChatMessages}`, { user });
  return t("refusals.other", { user });
}

/** Marks the conversation read up to the newest message from the other user, once it is shown. */
function useReadMark(username: string, messages: DirectMessage[], meta: MessengerListMeta | undefined) {
  const markRead = useMarkRead(username);
  const lastSent = useRef<number | null>(null);
  const mark = meta ? readMarkFor(messages, meta.unreadCount) : null;
  useEffect(() => {
    if (mark === null || mark === lastSent.current) return;
    lastSent.current = mark;
    markRead.mutate(mark);
  }, [mark, markRead]);
}

/** Keeps the newest message in view when one arrives, and the reader's place when older ones load. */
function useScrollToNewest(messages: DirectMessage[]) {
  const viewport = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;
  useEffect(() => {
    if (newestId !== undefined) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [newestId]);
  useLayoutEffect(() => {
    const node = viewport.current;
    const before = heightBeforeOlder.current;
    if (!node || before === null || oldestId === undefined) return;
    heightBeforeOlder.current = null;
    node.scrollTop += node.scrollHeight - before;
  }, [oldestId]);
  return {
    viewport,
    rememberHeight: () => {
      heightBeforeOlder.current = viewport.current?.scrollHeight ?? null;
    },
  };
}

function Composer({ username }: { username: string }) {
  const { t } = useMessengerTexts();
  const send = useSendDirectMessage(username);
  const [text, setText] = useState("");
  const overBy = text.length - CHAT_MESSAGE_MAX_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || overBy > 0 || !text.trim()) return;
    send.mutate(text.trim(), { onSuccess: () => setText("") });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap={6}>
        {/* A refusal (403) is not an error to retry: the conversation refetches and says why instead. */}
        {send.error && !(isApiError(send.error) && send.error.status === 403) ? (
          <Text c="red" size="sm" role="alert">
            {t("failed")}
          </Text>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            // The panel's focus goes to the composer rather than its first link.
            data-autofocus
            aria-label={t("label", { user: username })}
            placeholder={t("placeholder")}
            value={text}
            autosize
            minRows={1}
            maxRows={4}
            error={overBy > 0 ? t("tooLong", { max: CHAT_MESSAGE_MAX_LENGTH, over: overBy }) : undefined}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) submit(event);
            }}
          />
          <Button type="submit" loading={send.isPending} disabled={!text.trim() || overBy > 0}>
            {t("send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChatBody({ username }: { username: string }) {
  const { t } = useMessengerTexts();
  const chat = useInfiniteQuery(conversationQueryOptions(username));
  const pages = chat.data?.pages;
  const messages = useMemo(() => inTimeOrder(pages ?? []), [pages]);
  const meta = pages?.[0]?.meta;
  const { viewport, rememberHeight } = useScrollToNewest(messages);
  useReadMark(username, messages, meta);

  if (chat.isPending)
    return (
      <Text c="dimmed" size="sm">
        {t("loading")}
      </Text>
    );
  if (chat.isError && !meta) {
    const isMissing = isApiError(chat.error) && chat.error.status === 404;
    return (
      <Alert color={isMissing ? "gray" : "red"} data-testid="messenger-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{isMissing ? t("notFound", { user: username }) : t("error")}</Text>
          {isMissing ? null : (
            <Button size="xs" variant="default" onClick={() => void chat.refetch()}>
              {t("retry")}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <ScrollArea style={{ flex: 1 }} mih={200} viewportRef={viewport} type="auto" data-testid="messenger-messages">
        {messages.length === 0 && meta ? (
          <Text c="dimmed" size="sm" ta="center" py="xl" data-testid="messenger-state" data-state={meta.chatState}>
            {meta.chatState === "chat_exists" ? t("beginning") : t(`states.${meta.chatState}`, { user: username })}
          </Text>
        ) : (
          <Stack gap={8} pr="xs" data-testid="messenger-state" data-state={meta?.chatState}>
            {chat.hasNextPage ? (
              <Group justify="center">
                <Button
                  size="xs"
                  variant="subtle"
                  loading={chat.isFetchingNextPage}
                  onClick={() => {
                    rememberHeight();
                    void chat.fetchNextPage();
                  }}
                >
                  {t("loadEarlier")}
                </Button>
              </Group>
            ) : (
              <Text size="xs" c="dimmed" ta="center">
                {t("beginning")}
              </Text>
            )}
            {messages.map((message) => (
              <MessageLine key={message.id} message={message} />
            ))}
          </Stack>
        )}
      </ScrollArea>
      {meta && !meta.canPost ? (
        <Alert color="gray" variant="light" data-testid="messenger-refusal">
          {refusalText(meta, t, username)}
        </Alert>
      ) : meta ? (
        <Composer username={username} />
      ) : null}
    </>
  );
}

/**
 * The conversation with one user: the messages (live through the user's real-time channel), the
 * chat existence state, why the viewer may not write when they may not, and the composer. Shown
 * in the side panel and on the messenger page.
 */
export function MessengerChat({ username, onClose }: { username: string; onClose?: () => void }) {
  const { t } = useMessengerTexts();
  const { to } = useLocalizedPaths();
  return (
    <section className={classes.chat} aria-labelledby="messenger-chat-title" data-testid="messenger-chat">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Title order={2} size="h4" id="messenger-chat-title">
            {t("chatWith", { user: username })}
          </Title>
          <Anchor component={Link} to={to("userAccount", { username })} size="sm">
            {t("profile")}
          </Anchor>
        </Stack>
        {onClose ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onClose}
            aria-label={t("close")}
            data-testid="messenger-close"
          >
            <CloseIcon size={18} />
          </ActionIcon>
        ) : null}
      </Group>
      <ChatBody key={username.toLowerCase()} username={username} />
    </section>
  );
}
