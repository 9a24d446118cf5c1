import { Anchor, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";

/** One row of a review queue: what is reviewed (a link to its page), by whom, since when, where from. */
export interface ReviewQueueItem {
  id: string;
  href: string;
  title: string;
  username: string;
  submittedAt: string;
  country: string;
  /** A last cell some queues add (a company application's status). */
  extra?: ReactNode;
}

/** The table of a review queue (identity and address submissions, company applications). */
export function ReviewQueueTable({
  headers,
  items,
  rowTestId,
  minWidth,
}: {
  headers: readonly string[];
  items: readonly ReviewQueueItem[];
  rowTestId: string;
  minWidth: number;
}) {
  const locale = useLocale();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={rowTestId}>
              <Table.Td>
                <Anchor component={Link} to={item.href} size="sm">
                  {item.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.username}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {formatDate(item.submittedAt, locale, { dateStyle: "medium", timeStyle: "short" })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.country || "—"}</Text>
              </Table.Td>
              {item.extra === undefined ? null : <Table.Td>{item.extra}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
