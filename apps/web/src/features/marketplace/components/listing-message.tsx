import { Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

export interface ListingMessageProps {
  icon: ReactNode;
  title: string;
  body: string;
  actions?: ReactNode;
  color?: string;
  testId?: string;
}

/** The empty and "not found" states of a listing: an icon, a title, a sentence and what to do. */
export function ListingMessage({ icon, title, body, actions, color = "gray", testId }: ListingMessageProps) {
  return (
    <Stack
      align="center"
      gap="sm"
      ta="center"
      py="xl"
      px="md"
      data-testid={testId}
      style={{
        border: "1px dashed var(--souk-border)",
        borderRadius: "var(--mantine-radius-lg)",
        background: "var(--souk-surface)",
      }}
    >
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={460}>
        {body}
      </Text>
      {actions ? <div>{actions}</div> : null}
    </Stack>
  );
}
