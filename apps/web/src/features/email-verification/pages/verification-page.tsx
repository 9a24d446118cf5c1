import { Container, Stack } from "@mantine/core";
import { EmailVerificationSection } from "../components/email-verification-section.tsx";
import { useEmailVerificationTexts } from "../i18n/email-verification-texts.ts";

/** /account/verification: the account's verifications; the e-mail address first. */
export function VerificationPage() {
  const { t } = useEmailVerificationTexts();
  return (
    <Container size={800} py="xl">
      <title>{`${t("metaTitle")} · Souk`}</title>
      <Stack gap="xl">
        <EmailVerificationSection />
      </Stack>
    </Container>
  );
}
