import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { saveSiteTheme } from "../../features/settings/api/settings-api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { MoonIcon, SunIcon } from "../../ui/icons.tsx";
import { readSiteThemeCookie } from "../color-scheme-manager.ts";

/** Light/dark switch: the cookie keeps the choice, the account remembers it when signed in. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const next = colorScheme === "dark" ? "light" : "dark";
  const label = next === "dark" ? t("nav.switchToDark") : t("nav.switchToLight");
  const savedTheme = user?.siteTheme ?? null;

  // After log-in on a browser without the cookie yet, the theme saved on the account applies.
  useEffect(() => {
    if (savedTheme && !readSiteThemeCookie()) setColorScheme(savedTheme);
  }, [savedTheme, setColorScheme]);

  function toggle(): void {
    setColorScheme(next);
    if (user) void saveSiteTheme(next).catch(() => {});
  }

  return (
    <ActionIcon
      variant="default"
      size={38}
      radius="md"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {colorScheme === "dark" ? <SunIcon size={18} /> : <MoonIcon size={18} />}
    </ActionIcon>
  );
}
