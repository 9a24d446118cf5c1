import { Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LoadError } from "./load-error.tsx";

/** What the panel reads of the list's query (react-query's answer has these). */
interface ListPanelQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListPanelProps {
  title: string;
  /** The list's query: while pending the panel says so, when it failed it offers a retry. */
  query: ListPanelQuery;
  isEmpty: boolean;
  /** The feature's words for each state. */
  texts: { loading: string; empty: string; error: string; retry: string };
  "data-testid"?: string;
  /** The rows, shown once the list loaded and is not empty. */
  children: ReactNode;
}

/**
 * A titled panel around a list of the user's things (keys, deliveries): loading, failed with a
 * retry, empty, or the rows.
 */
export function ListPanel({ title, query, isEmpty, texts, children, "data-testid": testId }: ListPanelProps) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <Text c="dimmed">{texts.loading}</Text>
      ) : query.isError ? (
        <LoadError message={texts.error} retryLabel={texts.retry} onRetry={() => void query.refetch()} />
      ) : isEmpty ? (
        <Text c="dimmed">{texts.empty}</Text>
      ) : (
        children
      )}
    </Paper>
  );
}
