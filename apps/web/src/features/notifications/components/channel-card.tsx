import { Card, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A channel's own card under the settings table (push on this browser, the Telegram link). */
export function ChannelCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
