import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import {
  BANK_ACCOUNT_SHARED_EVENT,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatItem,
  tradeBankAccountSchema,
} from "@souk/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { CloseIcon } from "../../../ui/icons.tsx";
import { chatQueryOptions, useSendAttachments, useSendMessage } from "../api/trade-api.ts";
import { useTradeStatusLabel, useTradeTexts } from "../i18n/trade-texts.ts";
import { errorText } from "./error-text.ts";
import { ShareBankAccount } from "./share-bank-account.tsx";
import classes from "./trade.module.css";
import { TradeBankAccounts } from "./trade-bank-accounts.tsx";

const ACCEPT = "image/png,image/jpeg,image/webp,application/pdf";

function ChatLine({ item }: { item: ChatItem }) {
  const { t } = useTradeTexts();
  const statusLabel = useTradeStatusLabel();
  const locale = useLocale();
  const time = formatDate(item.createdAt, locale, { timeStyle: "short" });
  if (item.kind === "system") {
    const label = item.status
      ? statusLabel(item.status)
      : t(`chat.events.${item.event}`, { defaultValue: item.event.replaceAll("_", " ") });
    // An account the seller shared: the two parties read it here (staff see only that it was shared).
    const shared =
      item.event === BANK_ACCOUNT_SHARED_EVENT ? tradeBankAccountSchema.safeParse(item.data.bankAccount) : null;
    return (
      <div className={classes.systemLine} data-testid="chat-system">
        <Text size="xs" c="dimmed">
          {label} · {time}
        </Text>
        {shared?.success ? (
          <Paper withBorder radius="md" p="xs" mt={4} ta="left">
            <TradeBankAccounts accounts={[shared.data]} title={t("bankAccount.shared")} testId="chat-shared-account" />
          </Paper>
        ) : null}
      </div>
    );
  }
  const isModerator = item.kind === "moderator" || item.author.role === "moderator";
  return (
    <div className={item.isMine ? classes.mine : classes.theirs} data-testid="chat-message">
      <div className={classes.bubble} data-moderator={isModerator || undefined}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="xs" fw={600}>
            {item.isMine ? t("chat.you") : item.author.username}
            {isModerator ? (
              <Badge size="xs" ml={6} color="orange" variant="light">
                {t("chat.moderator")}
              </Badge>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {time}
          </Text>
        </Group>
        {item.text ? (
          <Text size="sm" className={classes.messageText}>
            {item.text}
          </Text>
        ) : null}
        {item.attachments.map((file) =>
          file.kind === "image" ? (
            <a key={file.id} href={file.url} target="_blank" rel="noreferrer">
              <img src={file.url} alt={file.fileName} className={classes.attachmentImage} loading="lazy" />
            </a>
          ) : (
            <Anchor key={file.id} href={file.url} target="_blank" rel="noreferrer" size="sm">
              {file.fileName}
            </Anchor>
          ),
        )}
      </div>
    </div>
  );
}

/** Pages come newest first; the chat reads oldest first. A line on two pages' edges shows once. */
function itemsInTimeOrder(pages: readonly { data: ChatItem[] }[]): ChatItem[] {
  const seen = new Set<string>();
  const items: ChatItem[] = [];
  for (const page of [...pages].reverse()) {
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/**
 * Keeps the chat's scroll where the reader expects it: at the bottom when a newer line arrives,
 * and on the same line when older lines are put above it.
 */
function useChatScroll(items: ChatItem[]) {
  const viewport = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const newestId = items.at(-1)?.id;
  const oldestId = items[0]?.id;

  useEffect(() => {
    const node = viewport.current;
    if (node && newestId) node.scrollTo({ top: node.scrollHeight });
  }, [newestId]);

  useLayoutEffect(() => {
    const node = viewport.current;
    const before = heightBeforeOlder.current;
    if (!node || before === null || !oldestId) return;
    heightBeforeOlder.current = null;
    node.scrollTop += node.scrollHeight - before;
  }, [oldestId]);

  const rememberHeight = () => {
    heightBeforeOlder.current = viewport.current?.scrollHeight ?? null;
  };
  return { viewport, rememberHeight };
}

/**
 * The trade's chat: messages, system events and attachments, refetched on each real-time hint;
 * older messages are paged in on request.
 */
export function TradeChat({ tradeId, canShareAccount = false }: { tradeId: string; canShareAccount?: boolean }) {
  const { t } = useTradeTexts();
  const chat = useInfiniteQuery(chatQueryOptions(tradeId));
  const send = useSendMessage(tradeId);
  const upload = useSendAttachments(tradeId);
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const pages = chat.data?.pages;
  const items = useMemo(() => itemsInTimeOrder(pages ?? []), [pages]);
  // The newest page answers for the chat as it is now (who may post, attachments left).
  const meta = pages?.[0]?.meta;
  const { viewport, rememberHeight } = useChatScroll(items);
  const loadEarlier = () => {
    rememberHeight();
    void chat.fetchNextPage();
  };

  const isSending = send.isPending || upload.isPending;
  // The server takes at most CHAT_MESSAGE_MAX_LENGTH characters: a longer text is said, never cut.
  const overBy = text.length - CHAT_MESSAGE_MAX_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSending || overBy > 0) return;
    if (files.length > 0) {
      upload.mutate(
        { files, message: text },
        {
          onSuccess: () => {
            setFiles([]);
            setText("");
          },
        },
      );
    } else if (text.trim()) {
      send.mutate(text.trim(), { onSuccess: () => setText("") });
    }
  };
  const error = send.error ?? upload.error;

  return (
    <Paper withBorder radius="lg" p="md" className={classes.chat}>
      <Title order={2} size="h4" mb="sm">
        {t("chat.title")}
      </Title>
      <ScrollArea h={420} viewportRef={viewport} type="auto" aria-label={t("chat.title")}>
        {chat.isPending ? (
          <Text c="dimmed" size="sm">
            {t("loading")}
          </Text>
        ) : chat.isLoadingError ? (
          <Alert color="red">{errorText(chat.error, t("errors.generic"))}</Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="xl">
            {t("chat.empty")}
          </Text>
        ) : (
          <Stack gap={8} pr="xs">
            {chat.hasNextPage ? (
              <Group justify="center">
                <Button size="xs" variant="subtle" loading={chat.isFetchingNextPage} onClick={loadEarlier}>
                  {t("chat.loadEarlier")}
                </Button>
              </Group>
            ) : (
              <Text size="xs" c="dimmed" ta="center">
                {t("chat.beginning")}
              </Text>
            )}
            {chat.isFetchNextPageError ? <Alert color="red">{errorText(chat.error, t("errors.generic"))}</Alert> : null}
            {items.map((item) => (
              <ChatLine key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </ScrollArea>
      {meta && !meta.canPost ? (
        <Alert mt="sm" color="gray" variant="light">
          {meta.blockReason ? t(`chat.blocked.${meta.blockReason}`) : t("chat.blocked.ChatBlocked")}
        </Alert>
      ) : (
        <form onSubmit={submit}>
          <Stack gap={6} mt="sm">
            {error ? (
              <Text c="red" size="sm" role="alert">
                {errorText(error, t("errors.generic"))}
              </Text>
            ) : null}
            <Textarea
              aria-label={t("chat.label")}
              placeholder={t("chat.placeholder")}
              value={text}
              autosize
              minRows={1}
              maxRows={4}
              error={overBy > 0 ? t("chat.tooLong", { max: CHAT_MESSAGE_MAX_LENGTH, over: overBy }) : undefined}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) submit(event);
              }}
            />
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="wrap">
                {canShareAccount ? <ShareBankAccount tradeId={tradeId} /> : null}
                <FileButton onChange={setFiles} accept={ACCEPT} multiple>
                  {(props) => (
                    <Button {...props} variant="default" size="xs" title={t("chat.attachHint")}>
                      {t("chat.attach")}
                    </Button>
                  )}
                </FileButton>
                {files.length > 0 ? (
                  <Button
                    variant="subtle"
                    size="xs"
                    color="gray"
                    rightSection={<CloseIcon size={12} />}
                    onClick={() => setFiles([])}
                  >
                    {t("chat.filesSelected", { count: files.length })}
                  </Button>
                ) : null}
              </Group>
              <Button
                type="submit"
                size="xs"
                loading={isSending}
                disabled={(!text.trim() && files.length === 0) || overBy > 0}
              >
                {t("chat.send")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
