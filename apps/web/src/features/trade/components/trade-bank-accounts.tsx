import { Button, CopyButton, Group, Paper, Stack, Text } from "@mantine/core";
import type { TradeBankAccount } from "@souk/contracts";
import { useTradeTexts } from "../i18n/trade-texts.ts";

/** One line of an account: its label, the value, and a button that copies it. */
function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTradeTexts();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }} data-testid={testId}>
          {value}
        </Text>
      </div>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="default" onClick={copy} aria-label={`${t("bankAccount.copy")} ${label}`}>
            {copied ? t("bankAccount.copied") : t("bankAccount.copy")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The seller's bank accounts the buyer pays into, shown once the payment details are revealed:
 * the trade's own, and one the seller shared in the chat.
 */
export function TradeBankAccounts({
  accounts,
  title,
  testId = "trade-bank-accounts",
}: {
  accounts: readonly TradeBankAccount[];
  /** The heading; the offer's accounts are "Pay into this bank account". */
  title?: string;
  testId?: string;
}) {
  const { t } = useTradeTexts();
  if (accounts.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {title ?? t("bankAccount.title")}
      </Text>
      {accounts.map((account) => {
        const lines: [string, string | null, string][] = [
          [t("bankAccount.holder"), account.holderName, "holder"],
          [t("bankAccount.bank"), account.bankName, "bank"],
          [
            account.iban === account.accountNumber ? "IBAN" : t("bankAccount.accountNumber"),
            account.accountNumber,
            "account-number",
          ],
          ["IBAN", account.iban === account.accountNumber ? null : account.iban, "iban"],
          ["SWIFT / BIC", account.swiftCode, "swift"],
          [
            account.countryIso === "GB" ? t("bankAccount.sortCode") : t("bankAccount.routingNumber"),
            account.routingNumber,
            "routing",
          ],
          ["IFSC", account.ifsc, "ifsc"],
          [t("bankAccount.note"), account.additionalInfo, "note"],
        ];
        return (
          <Paper key={`${account.accountNumber}${account.holderName}`} withBorder radius="md" p="sm">
            <Stack gap={6}>
              {lines.map(([label, value, id]) =>
                value ? <CopyLine key={id} label={label} value={value} testId={`trade-bank-${id}`} /> : null,
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
