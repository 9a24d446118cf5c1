import { Button, Code, CopyButton, Group } from "@mantine/core";

export interface CopyableCodeProps {
  value: string;
  testId: string;
  copyLabel: string;
  copiedLabel: string;
}

/** A secret or id in a code block, with a button that copies it. */
export function CopyableCode({ value, testId, copyLabel, copiedLabel }: CopyableCodeProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code block data-testid={testId} style={{ flex: 1, wordBreak: "break-all" }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="default" onClick={copy}>
            {copied ? copiedLabel : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
