import { Anchor, Group, Table, Text } from "@mantine/core";
import type { AdminUserRelations } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { userRelationsQueryOptions } from "../api/user-sections-api.ts";
import { useUserSectionsTexts } from "../i18n/user-sections-texts.ts";
import { Section } from "./user-details.tsx";

const LISTS = ["trusts", "blocks", "trustedBy", "blockedBy"] as const;

function RelationRow({ name, list }: { name: (typeof LISTS)[number]; list: AdminUserRelations["trusts"] }) {
  const { t } = useUserSectionsTexts();
  const { to } = useLocalizedPaths();
  const more = list.total - list.items.length;
  return (
    <Table.Tr data-testid={`relations-${name}`}>
      <Table.Td>{t(`relations.${name}`, { count: list.total })}</Table.Td>
      <Table.Td>
        {list.items.length === 0 ? (
          "—"
        ) : (
          <Group gap="xs">
            {list.items.map((item) => (
              <Anchor key={item.username} component={Link} to={to("adminUser", { username: item.username })} size="sm">
                {item.username}
              </Anchor>
            ))}
            {more > 0 ? (
              <Text size="xs" c="dimmed">
                {t("relations.more", { count: more })}
              </Text>
            ) : null}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Whom the account trusts and blocks and who trusts and blocks it: the totals and the newest names. */
export function UserRelations({ username }: { username: string }) {
  const { t } = useUserSectionsTexts();
  const relations = useQuery(userRelationsQueryOptions(username));
  if (relations.isPending) return null;
  if (relations.isError) {
    return <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void relations.refetch()} />;
  }
  return (
    <Section title={t("relations.title")} testId="admin-user-relations" isEmpty={false}>
      <Table.Tbody>
        {LISTS.map((name) => (
          <RelationRow key={name} name={name} list={relations.data[name]} />
        ))}
      </Table.Tbody>
    </Section>
  );
}
