import { Alert, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { ActionMessage } from "./use-settings-action.ts";

/** One titled block of the settings pages, with the answer of its last action. */
export function SettingsCard(props: {
  title: string;
  testId: string;
  message: ActionMessage | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" data-testid={props.testId}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        {props.message && (
          <Alert color={props.message.color} role="status">
            {props.message.text}
          </Alert>
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}
