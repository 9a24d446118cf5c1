import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { type ContactListKind, contactsQueryOptions, useRelation } from "../api/contacts-api.ts";
import { useContactsTexts } from "../i18n/contacts-texts.ts";

/** Trusted or blocked users, paged, each with untrust or unblock. */
export function ContactsList({ kind }: { kind: ContactListKind }) {
  const { t } = useContactsTexts();
  const { to, locale } = useLocalizedPaths();
  const [page, setPage] = useState(1);
  const list = useQuery(contactsQueryOptions(kind, page));
  const relation = useRelation();
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`contacts-${kind}`}>
      <Title order={2} size="h4" mb="sm">
        {t(`${kind}.title`)}
      </Title>
      {list.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : list.isError ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t(`${kind}.empty`)}</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((contact) => (
            <Group
              key={contact.username}
              justify="space-between"
              wrap="nowrap"
              data-testid={`contact-${contact.username}`}
            >
              <Group gap="sm" wrap="nowrap">
                <Avatar src={contact.avatarUrl} alt="" radius="xl" size="sm">
                  {contact.username.slice(0, 1).toUpperCase()}
                </Avatar>
                <div>
                  <Anchor component={Link} to={to("userAccount", { username: contact.username })} fw={600} size="sm">
                    {contact.username}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t("feedback", contact.feedback)} · {t("since", { date: formatDate(contact.since, locale) })}
                  </Text>
                </div>
              </Group>
              <Button
                size="xs"
                variant="default"
                loading={relation.isPending && relation.variables?.username === contact.username}
                onClick={() =>
                  relation.mutate(
                    { username: contact.username, action: kind === "trusted" ? "untrust" : "unblock" },
                    {
                      onSuccess: () =>
                        showToast({ type: "success", message: t(`${kind}.done`, { user: contact.username }) }),
                      onError: () => showToast({ type: "error", message: t("failed") }),
                    },
                  )
                }
              >
                {t(`${kind}.action`)}
              </Button>
            </Group>
          ))}
          <PreviousNextPager
            page={page}
            meta={meta}
            onPage={setPage}
            texts={{ previous: t("previous"), next: t("next"), position: (at) => t("page", at) }}
          />
        </Stack>
      )}
    </Paper>
  );
}
