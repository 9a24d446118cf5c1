import { Button, Group, Select, Textarea, TextInput, useMantineColorScheme } from "@mantine/core";
import {
  ACCEPT_CHAT_MESSAGES,
  type CurrentUser,
  FULL_NAME_VISIBILITY_TYPES,
  type UserSettingsRequest,
} from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { saveSettings } from "../api/account-settings-api.ts";
import { SettingsCard } from "./settings-card.tsx";
import { useSettingsAction } from "./use-settings-action.ts";

type Visibility = (typeof FULL_NAME_VISIBILITY_TYPES)[number];
type ChatAcceptance = (typeof ACCEPT_CHAT_MESSAGES)[number];

/** Names and how they show, bio, message notification interval, who may message, theme. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const { run, message, isBusy, t } = useSettingsAction();
  const { setColorScheme } = useMantineColorScheme();
  const [form, setForm] = useState({
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    fullNameVisibilityType: user.fullNameVisibilityType as Visibility,
    bio: user.bio,
    notifyTradeMessagesInterval: String(user.notifyTradeMessagesInterval),
    acceptChatMessages: user.acceptChatMessages as ChatAcceptance,
    siteTheme: user.siteTheme ?? "light",
  });
  const set = (field: keyof typeof form) => (value: string | null) =>
    setForm((current) => ({ ...current, [field]: value ?? "" }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: UserSettingsRequest = { ...form, firstName: form.firstName || null, lastName: form.lastName || null };
    void run(async () => {
      await saveSettings(body);
      setColorScheme(form.siteTheme);
    });
  }
  const options = <K extends string>(values: readonly K[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  return (
    <SettingsCard title={t("profile.title")} testId="profile-settings" message={message}>
      <form onSubmit={onSubmit}>
        <Group grow align="start" mb="sm">
          <TextInput
            label={t("profile.firstName")}
            value={form.firstName}
            onChange={(e) => set("firstName")(e.currentTarget.value)}
            maxLength={64}
          />
          <TextInput
            label={t("profile.lastName")}
            value={form.lastName}
            onChange={(e) => set("lastName")(e.currentTarget.value)}
            maxLength={64}
          />
        </Group>
        <Select
          mb="sm"
          label={t("profile.visibility")}
          data={options(FULL_NAME_VISIBILITY_TYPES, "profile.visibilityOptions")}
          value={form.fullNameVisibilityType}
          onChange={set("fullNameVisibilityType")}
          allowDeselect={false}
        />
        <Textarea
          mb="sm"
          label={t("profile.bio")}
          value={form.bio}
          onChange={(e) => set("bio")(e.currentTarget.value)}
          autosize
          minRows={3}
        />
        <TextInput
          mb="sm"
          label={t("profile.interval")}
          inputMode="numeric"
          value={form.notifyTradeMessagesInterval}
          onChange={(e) => set("notifyTradeMessagesInterval")(e.currentTarget.value)}
        />
        <Group grow align="start" mb="md">
          <Select
            label={t("profile.chat")}
            data={options(ACCEPT_CHAT_MESSAGES, "profile.chatOptions")}
            value={form.acceptChatMessages}
            onChange={set("acceptChatMessages")}
            allowDeselect={false}
          />
          <Select
            label={t("profile.theme")}
            data={options(["light", "dark"] as const, "profile.themeOptions")}
            value={form.siteTheme}
            onChange={set("siteTheme")}
            allowDeselect={false}
          />
        </Group>
        <Button type="submit" loading={isBusy}>
          {t("save")}
        </Button>
      </form>
    </SettingsCard>
  );
}
