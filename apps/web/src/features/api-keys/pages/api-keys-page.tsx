import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import type { ApiClientCreated } from "@souk/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ApiKeyForm, CreatedKey } from "../components/api-key-form.tsx";
import { ApiKeyList } from "../components/api-key-list.tsx";
import { useApiKeysTexts } from "../i18n/api-keys-texts.ts";

/** /account/api-keys: create a key (its secret shown once), list and revoke them. */
export function ApiKeysPage() {
  const { t } = useApiKeysTexts();
  const { to } = useLocalizedPaths();
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  return (
    <Container size={800} py="xl">
      <title>{`${t("metaTitle")} · Souk`}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("title")}</Title>
          <Text c="dimmed" mt="xs">
            {t("lead")}
          </Text>
          <Anchor component={Link} to={to("developers")} size="sm">
            {t("developers")}
          </Anchor>
        </div>
        {created ? (
          <CreatedKey created={created} onDone={() => setCreated(null)} />
        ) : (
          <ApiKeyForm onCreated={setCreated} />
        )}
        <ApiKeyList />
      </Stack>
    </Container>
  );
}
