import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core";
import type { CompanyVerificationState } from "@souk/contracts";
import { useConversion } from "./use-conversion.ts";

/** Personal or corporate, and the button that converts to the other. */
export function AccountTypeCard({ state }: { state: CompanyVerificationState }) {
  const { convert, isBusy, done, t } = useConversion();
  const kind = state.isCorporate ? (state.isCorporateVerified ? "corporateVerified" : "corporate") : "personal";
  return (
    <Paper withBorder p="lg" radius="md" data-testid="account-type">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("accountType.title")}
        </Title>
        {done ? (
          <Alert color="green" role="status">
            {t(`accountType.converted.${done.to}`)}
          </Alert>
        ) : (
          <>
            <Text fw={500}>{t(`accountType.${kind}`)}</Text>
            <Text size="sm" c="dimmed">
              {t("accountType.lead")}
            </Text>
            <div>
              <Button
                variant={state.isCorporate ? "default" : "filled"}
                loading={isBusy}
                onClick={() => void convert(state.isCorporate ? "personal" : "corporate")}
              >
                {t(state.isCorporate ? "accountType.toPersonal" : "accountType.toCorporate")}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
