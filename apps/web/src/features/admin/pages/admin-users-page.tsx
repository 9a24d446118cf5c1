import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { adminUsersQueryOptions } from "../api/admin-api.ts";
import { AdminSectionPage } from "../components/admin-layout.tsx";
import { AdminPager, pageParamOf } from "../components/admin-pager.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

function UsersScreen() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get("q") ?? "";
  const page = pageParamOf(searchParams);
  const users = useQuery(adminUsersQueryOptions(q, page));
  const rows = users.data?.data ?? [];
  return (
    <>
      <SearchForm
        initial={q}
        placeholder={t("users.searchPlaceholder")}
        onSearch={(next) => setSearchParams(next ? { q: next } : {})}
      />
      <ListPanel
        title={t("users.total", { count: users.data?.meta.total ?? 0 })}
        query={users}
        isEmpty={rows.length === 0}
        texts={{ loading: t("loading"), empty: t("users.empty"), error: t("loadError"), retry: t("retry") }}
        data-testid="admin-users"
      >
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("users.username")}</Table.Th>
                <Table.Th>{t("users.email")}</Table.Th>
                <Table.Th>{t("users.roles")}</Table.Th>
                <Table.Th>{t("users.restrictions")}</Table.Th>
                <Table.Th>{t("users.joined")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id} data-testid="admin-user-row">
                  <Table.Td>
                    <Anchor component={Link} to={to("adminUser", { username: user.username })} size="sm">
                      {user.username}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.roles.join(", ")}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {user.restrictions.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t("users.none")}
                        </Text>
                      ) : (
                        user.restrictions.map((kind) => (
                          <Badge key={kind} color="red" variant="light" size="sm">
                            {t(`kinds.${kind}`)}
                          </Badge>
                        ))
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(user.createdAt, locale, { dateStyle: "medium" })}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <AdminPager q={q} page={page} meta={users.data?.meta} onChange={setSearchParams} />
      </ListPanel>
    </>
  );
}

/** /admin/users: supermods and admins find accounts. */
export function AdminUsersPage() {
  return (
    <AdminSectionPage section="users" audience="usersStaff">
      <UsersScreen />
    </AdminSectionPage>
  );
}
