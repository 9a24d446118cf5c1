import { Loader, Stack } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { currentUserQueryKey, useCurrentUser } from "../../../lib/session.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import {
  kycCheckQueryOptions,
  levelsInfoQueryOptions,
  supportedCountriesQueryOptions,
  verificationQueryKey,
} from "../api/verification-api.ts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { AddressFlow } from "./address-flow.tsx";
import { IdFlow } from "./id-flow.tsx";
import { LevelSummary } from "./level-summary.tsx";
import { VideoFlow } from "./video-flow.tsx";

/** The verification hub: the level and limits, the next level, and the ID, address and video flows. */
export function VerificationHub() {
  const { t } = useVerificationTexts();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const fiat = user?.currency ?? "USD";
  const check = useQuery(kycCheckQueryOptions(fiat));
  const levels = useQuery(levelsInfoQueryOptions(fiat));
  const countries = useQuery(supportedCountriesQueryOptions());
  if (check.isError || levels.isError || countries.isError) {
    const retry = () => void queryClient.invalidateQueries({ queryKey: verificationQueryKey });
    return <LoadError message={t("errors.generic")} retryLabel={t("retry")} onRetry={retry} />;
  }
  if (!check.data || !levels.data || !countries.data) return <Loader />;
  const onChanged = async () => {
    await queryClient.invalidateQueries({ queryKey: verificationQueryKey });
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
  return (
    <Stack gap="lg" data-testid="verification-hub">
      <LevelSummary check={check.data} levels={levels.data} />
      <IdFlow check={check.data} countries={countries.data} onChanged={onChanged} />
      <AddressFlow check={check.data} countries={countries.data} onChanged={onChanged} />
      <VideoFlow check={check.data} onChanged={onChanged} />
    </Stack>
  );
}
