import { Button, Group, Text } from "@mantine/core";

export interface PreviousNextPagerProps {
  /** The page asked for. */
  page: number;
  /** The answer's paging, once there is an answer. */
  meta: { currentPage: number; lastPage: number } | undefined;
  onPage: (page: number) => void;
  /** The feature's words; `position` says where the list stands ("Page 2 of 5"). */
  texts: { previous: string; next: string; position: (at: { page: number; last: number }) => string };
}

/** Previous and next under a paged list with a known last page; nothing while there is one page. */
export function PreviousNextPager({ page, meta, onPage, texts }: PreviousNextPagerProps) {
  if (!meta || meta.lastPage <= 1) return null;
  return (
    <Group justify="space-between" mt="sm">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {texts.previous}
      </Button>
      <Text size="sm" c="dimmed">
        {texts.position({ page: meta.currentPage, last: meta.lastPage })}
      </Text>
      <Button size="xs" variant="default" disabled={page >= meta.lastPage} onClick={() => onPage(page + 1)}>
        {texts.next}
      </Button>
    </Group>
  );
}
