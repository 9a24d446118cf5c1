import { Container } from "@mantine/core";
import { ContactsList } from "../components/contacts-list.tsx";
import { useContactsTexts } from "../i18n/contacts-texts.ts";

export function TrustedUsersPage() {
  const { t } = useContactsTexts();
  return (
    <Container size={800} py="xl">
      <title>{`${t("trusted.metaTitle")} · Souk`}</title>
      <ContactsList kind="trusted" />
    </Container>
  );
}

export function BlockedUsersPage() {
  const { t } = useContactsTexts();
  return (
    <Container size={800} py="xl">
      <title>{`${t("blocked.metaTitle")} · Souk`}</title>
      <ContactsList kind="blocked" />
    </Container>
  );
}
