import { Button, Text } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import { Link } from "react-router";
import { isFeatureEnabled } from "../../../lib/app-config.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useAccountSettingsTexts } from "../i18n/account-settings-texts.ts";
import { SettingsCard } from "./settings-card.tsx";

/** Personal or corporate: the conversion and the company's verification live on their own page. */
export function AccountTypeLink({ user }: { user: CurrentUser }) {
  const { t } = useAccountSettingsTexts();
  const { to } = useLocalizedPaths();
  if (!isFeatureEnabled("corporateAccount")) return null;
  const kind = user.isCorporate ? "corporate" : "personal";
  return (
    <SettingsCard title={t("accountType.title")} testId="account-type-link" message={null}>
      <Text size="sm">{t(`accountType.${kind}`)}</Text>
      <div>
        <Button component={Link} to={to("companyVerification")} variant="default">
          {t(`accountType.manage.${kind}`)}
        </Button>
      </div>
    </SettingsCard>
  );
}
