import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { saveSiteTheme } from "../../features/settings/api/settings-api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { MoonIcon, SunIcon } from "../../ui/icons.tsx";

/** Light/dark switch: the cookie keeps the choice, the account remembers it when signed in. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const next = colorScheme === "dark" ? "light" : "dark";
  const label = next === "dark" ? t("nav.switchToDark") : t("nav.switchToLight");

  function toggle(): void {
    setColorScheme(next);
    if (user) void saveSiteTheme(next).catch(() => {});
  }

  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant="default"
        size={38}
        radius="md"
        onClick={toggle}
        aria-label={label}
        data-testid="theme-toggle"
      >
        {colorScheme === "dark" ? <SunIcon size={18} /> : <MoonIcon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
