import { Container, Stack, Title } from "@mantine/core";
import { ApprovalsSection } from "../components/approvals-section.tsx";
import { EmailChangeSection } from "../components/email-change-section.tsx";
import { PasskeysSection } from "../components/passkeys-section.tsx";
import { PasswordSection } from "../components/password-section.tsx";
import { TwoFactorSection } from "../components/two-factor-section.tsx";
import { useSecurityTexts } from "../i18n/security-texts.ts";

/** /account/security: two-factor authentication, passkeys, approval of new devices, the e-mail address and the password. */
export function SecurityPage() {
  const { t } = useSecurityTexts();
  return (
    <Container size={800} py="xl">
      <title>{`${t("metaTitle")} · Souk`}</title>
      <Stack gap="xl">
        <Title order={1}>{t("title")}</Title>
        <TwoFactorSection />
        <PasskeysSection />
        <ApprovalsSection />
        <EmailChangeSection />
        <PasswordSection />
      </Stack>
    </Container>
  );
}
