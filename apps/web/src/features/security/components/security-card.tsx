import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export interface SecurityCardProps {
  title: ReactNode;
  /** Beside the title: a state badge. */
  badge?: ReactNode;
  /** One dimmed sentence under the title. */
  lead?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** One card of the security screen: every section has the same frame, heading and spacing. */
export function SecurityCard({ title, badge, lead, testId, children }: SecurityCardProps) {
  return (
    <Paper withBorder p="lg" radius="md" data-testid={testId}>
      <Stack gap="md">
        <div>
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h3">
              {title}
            </Title>
            {badge}
          </Group>
          {lead ? (
            <Text size="sm" c="dimmed" mt={4}>
              {lead}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
