import { Avatar, Button, FileInput, Group, Stack, Text } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { uploadAvatar } from "../api/account-settings-api.ts";
import { SettingsCard } from "./settings-card.tsx";
import { useSettingsAction } from "./use-settings-action.ts";

/** The profile picture: the current one, and a new one uploaded (the server checks it and cuts it square). */
export function AvatarSection({ user }: { user: CurrentUser }) {
  const { run, message, isBusy, t } = useSettingsAction();
  const [file, setFile] = useState<File | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    void run(async () => {
      await uploadAvatar(file);
      setFile(null);
    }, t("avatar.uploaded"));
  }

  return (
    <SettingsCard title={t("avatar.title")} testId="settings-avatar" message={message}>
      <form onSubmit={onSubmit}>
        <Group align="flex-start" gap="lg">
          <Avatar src={user.avatarUrl} alt={user.avatarUrl ? user.username : t("avatar.none")} size={96} radius="md">
            {user.username.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap="sm" style={{ flex: 1 }} maw={360}>
            <Text size="sm" c="dimmed">
              {t("avatar.lead")}
            </Text>
            <FileInput
              accept="image/png,image/jpeg,image/webp"
              placeholder={t("avatar.choose")}
              aria-label={t("avatar.choose")}
              value={file}
              onChange={setFile}
              clearable
              data-testid="avatar-file"
            />
            <Group>
              <Button type="submit" loading={isBusy} disabled={!file}>
                {t("avatar.upload")}
              </Button>
            </Group>
          </Stack>
        </Group>
      </form>
    </SettingsCard>
  );
}
