import { Button, Group, Text, TextInput } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { changeUsername } from "../api/account-settings-api.ts";
import { SettingsCard } from "./settings-card.tsx";
import { useSettingsAction } from "./use-settings-action.ts";

/** The one username change an account has. */
export function UsernameSection({ user }: { user: CurrentUser }) {
  const { run, message, isBusy, t } = useSettingsAction();
  const [username, setUsername] = useState("");
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(() => changeUsername(username.trim()));
  }
  return (
    <SettingsCard title={t("username.title")} testId="username-settings" message={message}>
      <Text size="sm" c="dimmed">
        {user.canChangeUsername ? t("username.lead") : t("username.used")}
      </Text>
      {user.canChangeUsername && (
        <form onSubmit={onSubmit}>
          <Group align="end">
            <TextInput
              label={t("username.label")}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
            />
            <Button type="submit" variant="light" loading={isBusy}>
              {t("username.submit")}
            </Button>
          </Group>
        </form>
      )}
    </SettingsCard>
  );
}
