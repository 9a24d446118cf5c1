import { Checkbox, Stack, Text } from "@mantine/core";
import type { BankAccount } from "@souk/contracts";

export interface BankAccountChecklistProps {
  accounts: readonly Pick<BankAccount, "id" | "bankName" | "accountNumber" | "holderName">[];
  /** The ticked accounts' ids, as text (Mantine's checkbox group values). */
  value: string[];
  onChange: (value: string[]) => void;
  /** Shown instead of the list when there is no account, in the feature's words. */
  emptyText: string;
  label?: string;
  description?: string;
  error?: string | null;
}

/** The vendor's own bank accounts to tick for an offer: bank, number and holder on each line. */
export function BankAccountChecklist({
  accounts,
  value,
  onChange,
  emptyText,
  label,
  description,
  error,
}: BankAccountChecklistProps) {
  return (
    <Checkbox.Group value={value} onChange={onChange} label={label} description={description} error={error}>
      <Stack gap="xs" mt={label ? "xs" : 0}>
        {accounts.length === 0 ? <Text size="sm">{emptyText}</Text> : null}
        {accounts.map((account) => (
          <Checkbox
            key={account.id}
            value={String(account.id)}
            label={`${account.bankName} · ${account.accountNumber} · ${account.holderName}`}
            data-testid={`offer-bank-account-${account.id}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
