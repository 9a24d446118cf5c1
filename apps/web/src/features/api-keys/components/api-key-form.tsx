import { Alert, Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { API_CLIENT_SCOPES, type ApiClientCreated, PAXFUL_GROUPS } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { CopyableCode } from "../../../ui/copyable-code.tsx";
import { useCreateApiClient } from "../api/api-keys-api.ts";
import { useApiKeysTexts } from "../i18n/api-keys-texts.ts";

/** The scopes of the chosen groups, with profile and e-mail; none chosen means every scope. */
function scopesOf(groups: readonly string[]): string[] | undefined {
  if (groups.length === 0) return undefined;
  return API_CLIENT_SCOPES.filter(
    (scope) => scope === "profile" || scope === "email" || groups.some((group) => scope.startsWith(`paxful:${group}:`)),
  );
}

function SecretRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useApiKeysTexts();
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <CopyableCode value={value} testId={testId} copyLabel={t("created.copy")} copiedLabel={t("created.copied")} />
    </div>
  );
}

/** The secret of a key just made, shown this once. */
export function CreatedKey({ created, onDone }: { created: ApiClientCreated; onDone: () => void }) {
  const { t } = useApiKeysTexts();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="api-key-created">
      <Title order={2} size="h4" mb="sm">
        {t("created.title")}
      </Title>
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          {t("created.warning")}
        </Alert>
        <SecretRow label={t("created.clientId")} value={created.client.clientId} testId="api-key-client-id" />
        <SecretRow label={t("created.clientSecret")} value={created.clientSecret} testId="api-key-client-secret" />
        <Group justify="flex-end">
          <Button onClick={onDone}>{t("created.done")}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ApiKeyForm({ onCreated }: { onCreated: (created: ApiClientCreated) => void }) {
  const { t } = useApiKeysTexts();
  const create = useCreateApiClient();
  const [name, setName] = useState("");
  const [groups, setGroups] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scopes = scopesOf(groups);
    create.mutate(
      { name: name.trim(), ...(scopes ? { scopes } : {}) },
      {
        onSuccess: (created) => {
          setName("");
          setGroups([]);
          onCreated(created);
        },
      },
    );
  };
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} data-testid="api-key-form">
      <Title order={2} size="h4" mb="sm">
        {t("create.title")}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t("create.name")}
          placeholder={t("create.namePlaceholder")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={80}
          required
        />
        <MultiSelect
          label={t("create.groups")}
          description={t("create.groupsHint")}
          data={[...PAXFUL_GROUPS]}
          value={groups}
          onChange={setGroups}
          searchable
          clearable
        />
        {create.isError ? (
          <Alert color="red" variant="light">
            {t("create.failed")}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={name.trim().length === 0}>
            {t("create.submit")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
