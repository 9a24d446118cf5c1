import { Container, Stack, Title } from "@mantine/core";
import { Navigate } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { CloseAccountSection } from "../components/close-account-section.tsx";
import { PhoneSection } from "../components/phone-section.tsx";
import { ProfileSection } from "../components/profile-section.tsx";
import { UsernameSection } from "../components/username-section.tsx";
import { useAccountSettingsTexts } from "../i18n/account-settings-texts.ts";

/** /account/settings: profile, username, phone, and closing the account. */
export function AccountSettingsPage() {
  const { t } = useAccountSettingsTexts();
  const user = useCurrentUser();
  const { to } = useLocalizedPaths();
  if (!user) return <Navigate to={to("login")} replace />;
  return (
    <Container size={760} py="xl">
      <title>{`${t("metaTitle")} · Souk`}</title>
      <Stack gap="lg">
        <Title order={1}>{t("metaTitle")}</Title>
        <ProfileSection key={user.id} user={user} />
        <UsernameSection user={user} />
        <PhoneSection />
        <CloseAccountSection />
      </Stack>
    </Container>
  );
}
