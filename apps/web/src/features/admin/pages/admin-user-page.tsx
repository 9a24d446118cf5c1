import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AdminUser } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ArrowLeftIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { adminUserQueryOptions, useUserActionMutation } from "../api/admin-api.ts";
import { AdminPage } from "../components/admin-layout.tsx";
import { AuditTable } from "../components/audit-table.tsx";
import { BlockedActionsCard } from "../components/blocked-actions-card.tsx";
import { RestrictForm, RestrictionsCard, RolesCard } from "../components/user-actions.tsx";
import { UserActivity } from "../components/user-activity.tsx";
import { UserDetails } from "../components/user-details.tsx";
import { UserRelations } from "../components/user-relations.tsx";
import { UserVerifications } from "../components/user-verifications.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

function Profile({ user }: { user: AdminUser }) {
  const { t } = useAdminTexts();
  const locale = useLocale();
  const date = (value: string) => formatDate(value, locale, { dateStyle: "medium" });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="admin-user-profile">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {user.username}
          </Title>
          <Text size="sm">{user.email}</Text>
          <Text size="xs" c="dimmed">
            {t("user.id", { id: user.id })} · {user.externalId}
          </Text>
        </div>
        <Group gap={4}>
          {user.restrictions.map((kind) => (
            <Badge key={kind} color="red" data-testid={`badge-${kind}`}>
              {t(`kinds.${kind}`)}
            </Badge>
          ))}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {t("user.joined", { date: date(user.createdAt) })}
        {user.lastSeenAt ? ` · ${t("user.lastSeen", { date: date(user.lastSeenAt) })}` : ""}
      </Text>
      {user.closedAt ? (
        <Text size="sm" c="red" mt={4}>
          {t("user.closed", { date: date(user.closedAt) })}
        </Text>
      ) : null}
    </Paper>
  );
}

function UserScreen({ username }: { username: string }) {
  const { t } = useAdminTexts();
  const user = useQuery(adminUserQueryOptions(username));
  const mutation = useUserActionMutation(username);
  if (user.isPending) return <Skeleton height={240} radius="lg" />;
  if (user.isError) {
    const isMissing = isApiError(user.error) && user.error.status === 404;
    return isMissing ? (
      <Text data-testid="admin-user-missing">{t("user.notFound")}</Text>
    ) : (
      <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void user.refetch()} />
    );
  }
  return (
    <Stack gap="lg">
      <Profile user={user.data} />
      <UserDetails username={user.data.username} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <UserRelations username={user.data.username} />
        <UserVerifications username={user.data.username} />
      </SimpleGrid>
      <UserActivity username={user.data.username} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap="lg">
          <RestrictionsCard user={user.data} mutation={mutation} />
          <RolesCard user={user.data} mutation={mutation} />
        </Stack>
        <Stack gap="lg">
          <RestrictForm mutation={mutation} />
          <BlockedActionsCard user={user.data} mutation={mutation} />
        </Stack>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("user.historyTitle")}
        </Title>
        {user.data.audit.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("overview.none")}
          </Text>
        ) : (
          <AuditTable entries={user.data.audit} />
        )}
      </Paper>
    </Stack>
  );
}

/**
 * /admin/users/:username: one account, its balances, trades, offers, sessions, relations,
 * verification documents and activity, its restrictions, roles and the staff actions on it.
 */
export function AdminUserPage() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const username = useParams().username ?? "";
  return (
    <AdminPage
      audience="usersStaff"
      metaTitle={username}
      title={username}
      subtitle={
        <Anchor component={Link} to={to("adminUsers")} size="sm">
          <Group gap={4} component="span">
            <ArrowLeftIcon size={14} />
            {t("user.back")}
          </Group>
        </Anchor>
      }
    >
      <UserScreen username={username} />
    </AdminPage>
  );
}
