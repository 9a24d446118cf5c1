import { Button, Select } from "@mantine/core";
import { type CurrentUser, type Locale, SUPPORTED_LOCALES } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { switchLocalePath } from "../../../lib/locale-routing.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import {
  saveSettings,
  settingsCurrenciesQueryOptions,
  settingsTimezonesQueryOptions,
} from "../api/account-settings-api.ts";
import { SettingsCard } from "../components/settings-card.tsx";
import { SettingsPageFrame } from "../components/settings-page-frame.tsx";
import { useSettingsAction } from "../components/use-settings-action.ts";
import { useAccountSettingsTexts } from "../i18n/account-settings-texts.ts";

function LocalizationForm({ user }: { user: CurrentUser }) {
  const { run, message, isBusy, t } = useSettingsAction();
  const { locale: urlLocale } = useLocalizedPaths();
  const location = useLocation();
  const navigate = useNavigate();
  const currencies = useQuery(settingsCurrenciesQueryOptions(urlLocale)).data ?? [];
  const timezones = useQuery(settingsTimezonesQueryOptions()).data ?? [];
  const [locale, setLocale] = useState<string | null>(user.locale);
  const [currency, setCurrency] = useState<string | null>(user.fiatCurrencyCode);
  const [timezone, setTimezone] = useState<string | null>(user.timezone);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = (locale ?? urlLocale) as Locale;
    void run(async () => {
      await saveSettings({ locale: chosen, fiatCurrencyCode: currency ?? undefined, timezone });
      // The URL carries the language: the page moves to the chosen one.
      if (chosen !== urlLocale) navigate(switchLocalePath(location, chosen));
    });
  }
  return (
    <SettingsCard title={t("localizationTitle")} testId="localization-settings" message={message}>
      <form onSubmit={onSubmit}>
        <Select
          mb="sm"
          label={t("localization.locale")}
          data={SUPPORTED_LOCALES.map((value) => ({ value, label: t(`localization.locales.${value}`) }))}
          value={locale}
          onChange={setLocale}
          allowDeselect={false}
        />
        <Select
          mb="sm"
          label={t("localization.currency")}
          data={currencies.map((item) => ({ value: item.code, label: `${item.code} · ${item.nameLocalized}` }))}
          value={currency}
          onChange={setCurrency}
          searchable
          allowDeselect={false}
        />
        <Select
          mb="md"
          label={t("localization.timezone")}
          data={timezones.map((zone) => ({ value: zone.name, label: `(UTC${zone.utcOffset}) ${zone.label}` }))}
          value={timezone}
          onChange={setTimezone}
          searchable
          clearable
        />
        <Button type="submit" loading={isBusy}>
          {t("save")}
        </Button>
      </form>
    </SettingsCard>
  );
}

/** /account/settings/localization: language, fiat currency and time zone. */
export function LocalizationSettingsPage() {
  const { t } = useAccountSettingsTexts();
  return (
    <SettingsPageFrame title={t("localizationTitle")}>
      {(user) => <LocalizationForm key={user.id} user={user} />}
    </SettingsPageFrame>
  );
}
