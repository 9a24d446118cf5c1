import { Container, Stack, Title } from "@mantine/core";
import { EmailVerificationSection } from "../../features/email-verification/components/email-verification-section.tsx";
import { useEmailVerificationTexts } from "../../features/email-verification/i18n/email-verification-texts.ts";
import { VerificationHub } from "../../features/verification/components/verification-hub.tsx";

/** /account/verification: its heading, the e-mail address first, then the verification hub (level, limits, ID, address). */
export function AccountVerificationPage() {
  const { t } = useEmailVerificationTexts();
  return (
    <Container size={800} py="xl">
      <title>{`${t("metaTitle")} · Souk`}</title>
      <Stack gap="xl">
        <Title order={1}>{t("metaTitle")}</Title>
        <EmailVerificationSection />
        <VerificationHub />
      </Stack>
    </Container>
  );
}
