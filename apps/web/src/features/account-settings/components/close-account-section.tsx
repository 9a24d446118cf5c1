import { Button, List, PasswordInput, Select, Text, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { closeAccount, closeAccountSettingsQueryOptions } from "../api/account-settings-api.ts";
import { SettingsCard } from "./settings-card.tsx";
import { useSettingsAction } from "./use-settings-action.ts";

/** Close the account once nothing of value is left in it; the page then leaves for the home page. */
export function CloseAccountSection() {
  const { run, message, isBusy, t } = useSettingsAction();
  const settings = useQuery(closeAccountSettingsQueryOptions()).data;
  const [reason, setReason] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const [password, setPassword] = useState("");
  if (!settings) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await closeAccount({ reason: reason ?? "other", comment, password });
      window.location.assign("/");
    }, null);
  }
  return (
    <SettingsCard title={t("close.title")} testId="close-account" message={message}>
      <Text size="sm" c="dimmed">
        {t("close.lead")}
      </Text>
      {!settings.canClose ? (
        <div>
          <Text size="sm">{t("close.blocked")}</Text>
          <List size="sm">
            {settings.blockers.map((blocker) => (
              <List.Item key={blocker}>{t(`close.blockers.${blocker}`)}</List.Item>
            ))}
          </List>
        </div>
      ) : (
        <form onSubmit={onSubmit}>
          <Select
            mb="sm"
            label={t("close.reason")}
            data={settings.reasons.map((value) => ({ value, label: t(`close.reasons.${value}`) }))}
            value={reason}
            onChange={setReason}
            required
          />
          <Textarea
            mb="sm"
            label={t("close.comment")}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={1000}
          />
          <PasswordInput
            mb="md"
            label={t("close.password")}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          <Button type="submit" color="red" loading={isBusy} disabled={!reason}>
            {t("close.submit")}
          </Button>
        </form>
      )}
    </SettingsCard>
  );
}
