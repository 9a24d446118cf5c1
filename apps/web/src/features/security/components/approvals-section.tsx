import { Switch, Text } from "@mantine/core";
import { securitySettingsResponseSchema } from "@souk/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import { showToast } from "../../../lib/toast.ts";
import { useSecurityTexts } from "../i18n/security-texts.ts";
import { SecurityCard } from "./security-card.tsx";

const path = "/rest/v1/users/security-settings";
const queryKey = ["users", "security-settings"] as const;

/** The security setting of new devices: approve their log-ins from a mailed link (or not). */
export function ApprovalsSection() {
  const { t } = useSecurityTexts();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await apiClient.get(path, { schema: securitySettingsResponseSchema, signal })).data,
  });
  const save = useMutation({
    mutationFn: async (approveNewDevices: boolean) =>
      (await apiClient.post(path, { approveNewDevices }, { schema: securitySettingsResponseSchema })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      showToast({ type: "success", message: t("approvals.saved") });
    },
    onError: () => showToast({ type: "error", message: t("approvals.failed") }),
  });
  return (
    <SecurityCard title={t("approvals.title")} testId="approvals-section">
      <Switch
        label={t("approvals.label")}
        description={t("approvals.hint")}
        checked={settings.data?.approveNewDevices ?? false}
        disabled={!settings.data || save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
        data-testid="approve-new-devices"
      />
      {settings.isError && (
        <Text c="red" size="sm">
          {t("approvals.failed")}
        </Text>
      )}
    </SecurityCard>
  );
}
