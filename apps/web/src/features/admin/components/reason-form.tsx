import { Button, Group, Textarea } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The parts of a staff action's form: the text staff write (a reason, a notice's message) and the
 * row that sends it. Reasons are at most 500 characters, as the server takes them, unless the API
 * behind the form says otherwise.
 */

interface ReasonTextareaProps {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  /** A required text needs at least 3 characters. */
  isRequired?: boolean;
  /** 500 unless the API takes more (a company application's decision). */
  maxLength?: number;
  rows?: number;
  testId: string;
}

export function ReasonTextarea({
  label,
  description,
  value,
  onChange,
  isRequired,
  maxLength = 500,
  rows = 2,
  testId,
}: ReasonTextareaProps) {
  return (
    <Textarea
      label={label}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      required={isRequired}
      minLength={isRequired ? 3 : undefined}
      maxLength={maxLength}
      rows={rows}
      data-testid={testId}
    />
  );
}

interface SubmitRowProps {
  label: string;
  color?: string;
  isPending: boolean;
  testId: string;
  /** Buttons shown left of the submit button. */
  children?: ReactNode;
}

/** The form's last row: other buttons, then the submit button on the right. */
export function SubmitRow({ label, color, isPending, testId, children }: SubmitRowProps) {
  return (
    <Group justify="flex-end">
      {children}
      <Button type="submit" color={color} loading={isPending} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}
