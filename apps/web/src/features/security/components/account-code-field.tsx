import { TextInput } from "@mantine/core";
import { useCurrentUser } from "../../../lib/session.ts";

/** Whether a change of the account's security asks for the second factor: when any guard is on. */
function useAsksAccountCode(): boolean {
  const user = useCurrentUser();
  return Boolean(user && (user.twoFactor.login || user.twoFactor.release || user.twoFactor.sendout));
}

/** The second factor's code of a security change (password, new passkey), shown only when asked. */
export function AccountCodeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const asksCode = useAsksAccountCode();
  if (!asksCode) return null;
  return (
    <TextInput
      label={label}
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      required
    />
  );
}
