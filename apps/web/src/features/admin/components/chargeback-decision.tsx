import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { AdminChargebackDetail, ChargebackDecision } from "@souk/contracts";
import { useState } from "react";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useChargebackDecisionMutation } from "../api/chargebacks-api.ts";
import { useChargebackRefusalText, useChargebacksTexts } from "../i18n/chargebacks-texts.ts";
import { ReasonTextarea } from "./reason-form.tsx";

const REASON = { min: 3, max: 500 };

/** The two outcomes, the graver one in red. */
const BUTTONS = [
  { state: "Confirmed", label: "confirm", testId: "chargeback-confirm", color: "red" },
  { state: "Dismissed", label: "dismiss", testId: "chargeback-dismiss", variant: "default" },
] as const satisfies readonly {
  state: ChargebackDecision;
  label: string;
  testId: string;
  color?: string;
  variant?: string;
}[];

/**
 * Confirm or dismiss a Pending chargeback report, with the reason the audit log keeps. A decided
 * report, or one on the viewer's own trade, shows why nothing can be done instead.
 */
export function ChargebackDecisionCard({ item }: { item: AdminChargebackDetail }) {
  const { t } = useChargebacksTexts();
  const refusalText = useChargebackRefusalText();
  const viewer = useCurrentUser();
  const mutation = useChargebackDecisionMutation(String(item.id));
  const [reason, setReason] = useState("");
  const trimmed = reason.trim();
  const isOwn = viewer?.username === item.sellerUsername || viewer?.username === item.buyerUsername;
  const decide = (state: ChargebackDecision) =>
    mutation.mutate(
      { state, reason: trimmed },
      {
        onSuccess: () => showToast({ type: "success", message: t(state === "Confirmed" ? "confirmed" : "dismissed") }),
      },
    );
  const pending = mutation.isPending ? mutation.variables?.state : undefined;
  const refusal = isOwn
    ? t("errors.ERROR_CHARGEBACK_OWN_TRADE")
    : mutation.isError
      ? refusalText(mutation.error)
      : null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="chargeback-decision">
      <Title order={2} size="h4" mb="sm">
        {t("decisionTitle")}
      </Title>
      {refusal ? (
        <Alert color="red" variant="light" mb="sm" role="alert" data-testid="chargeback-refusal">
          {refusal}
        </Alert>
      ) : null}
      {item.state !== "Pending" ? (
        <Text size="sm" c="dimmed" data-testid="chargeback-decided">
          {t("decidedAlready", { state: t(`state.${item.state}`) })}
        </Text>
      ) : isOwn ? null : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("decisionHint")}
          </Text>
          <ReasonTextarea
            label={t("reasonLabel")}
            description={t("reasonHint", REASON)}
            value={reason}
            onChange={setReason}
            rows={3}
            testId="chargeback-reason"
          />
          <Group grow>
            {BUTTONS.map(({ state, label, testId, ...look }) => (
              <Button
                key={state}
                {...look}
                disabled={trimmed.length < REASON.min || pending !== undefined}
                loading={pending === state}
                onClick={() => decide(state)}
                data-testid={testId}
              >
                {t(label)}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
