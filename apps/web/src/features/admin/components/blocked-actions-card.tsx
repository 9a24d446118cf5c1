import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type AdminUser, BLOCKED_KYC_ACTIONS, type BlockedKycAction } from "@souk/contracts";
import { useState } from "react";
import { showToast } from "../../../lib/toast.ts";
import type { useUserActionMutation } from "../api/admin-api.ts";
import { useAdminTexts } from "../i18n/admin-texts.ts";
import { useErrorToast } from "./use-error-toast.ts";

/** The KYC actions refused to the account: staff block or allow each, with a reason (audited). */
export function BlockedActionsCard({
  user,
  mutation,
}: {
  user: AdminUser;
  mutation: ReturnType<typeof useUserActionMutation>;
}) {
  const { t } = useAdminTexts();
  const onError = useErrorToast();
  const [reason, setReason] = useState("");
  const change = (action: BlockedKycAction, isBlocked: boolean) =>
    mutation.mutate(
      { type: isBlocked ? "unblock" : "block", action, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason("");
          const key = isBlocked ? "user.unblocked" : "user.blocked";
          showToast({ type: "success", message: t(key, { action: t(`kycActions.${action}`) }) });
        },
        onError,
      },
    );
  return (
    <Paper withBorder radius="lg" p="md" data-testid="admin-blocked-actions">
      <Title order={2} size="h4">
        {t("user.blockedTitle")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("user.blockedHint")}
      </Text>
      <Stack gap="xs">
        {BLOCKED_KYC_ACTIONS.map((action) => {
          const isBlocked = user.blockedKycActions.includes(action);
          return (
            <Group key={action} justify="space-between">
              <Badge variant={isBlocked ? "filled" : "outline"} color={isBlocked ? "red" : "gray"}>
                {t(`kycActions.${action}`)}
              </Badge>
              <Button
                size="xs"
                variant="default"
                disabled={reason.trim().length < 3}
                loading={mutation.isPending}
                onClick={() => change(action, isBlocked)}
                data-testid={`${isBlocked ? "unblock" : "block"}-${action}`}
              >
                {isBlocked ? t("user.unblock") : t("user.block")}
              </Button>
            </Group>
          );
        })}
        <TextInput
          size="sm"
          label={t("user.blockReason")}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-testid="blocked-actions-reason"
        />
      </Stack>
    </Paper>
  );
}
