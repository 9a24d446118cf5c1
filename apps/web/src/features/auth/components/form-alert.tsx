import { Alert } from "@mantine/core";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";

/** The form-level error: anything the server said that belongs to no single field. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" radius="md" icon={<AlertTriangleIcon />} role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
