import { Alert, type AlertProps, Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { AlertTriangleIcon } from "./icons.tsx";

export interface LoadErrorProps extends Omit<AlertProps, "title" | "children" | "color" | "icon" | "variant"> {
  /** A heading, when the block stands for a whole section or page. */
  title?: ReactNode;
  /** What failed, in the feature's words. */
  message?: ReactNode;
  /** The retry button's label, in the feature's words. */
  retryLabel: string;
  onRetry: () => void;
  "data-testid"?: string;
}

/**
 * What a screen shows where data failed to load: the message and a retry button, in one red block.
 * With a title the message and the button stack under it; without, they share one line.
 */
export function LoadError({ title, message, retryLabel, onRetry, ...rest }: LoadErrorProps) {
  const retry = (
    <Button size="xs" variant="light" color="red" onClick={onRetry}>
      {retryLabel}
    </Button>
  );
  const text = message ? (
    <Text size="sm" component="div">
      {message}
    </Text>
  ) : null;
  return (
    <Alert color="red" variant="light" radius="md" icon={<AlertTriangleIcon />} title={title} role="alert" {...rest}>
      {title ? (
        <Stack gap="xs" align="flex-start">
          {text}
          {retry}
        </Stack>
      ) : (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {text}
          {retry}
        </Group>
      )}
    </Alert>
  );
}
