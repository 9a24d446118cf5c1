import { Menu, ScrollArea } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { LogOutIcon } from "../../ui/icons.tsx";
import { paramsOf, sectionsFor } from "./account-links.ts";
import { useMenuLabel } from "./account-menu-texts.ts";
import { UserMenuButton } from "./user-menu-button.tsx";

export interface UserMenuProps {
  user: CurrentUser;
  onLogOut: () => void;
  isLoggingOut: boolean;
  defaultOpened?: boolean;
}

/** The account menu: every page of one's own, by section, and the staff's screens for staff. */
export function UserMenu({ user, onLogOut, isLoggingOut, defaultOpened = false }: UserMenuProps) {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  const label = useMenuLabel();
  return (
    <Menu position="bottom-end" width={260} radius="md" shadow="lg" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown data-testid="user-menu">
        <ScrollArea.Autosize mah="calc(100dvh - 90px)" type="auto">
          <Menu.Label>
            {t("nav.signedInAs")} <strong>{user.username}</strong>
          </Menu.Label>
          {sectionsFor(user).map((section) => (
            <Fragment key={section.labelKey}>
              <Menu.Divider />
              <Menu.Label>{label(section.labelKey)}</Menu.Label>
              {section.links.map((link) => (
                <Menu.Item
                  key={link.testId}
                  component={Link}
                  to={to(link.name, paramsOf(link, user))}
                  data-testid={link.testId}
                >
                  {label(link.labelKey)}
                </Menu.Item>
              ))}
            </Fragment>
          ))}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<LogOutIcon size={16} />}
            onClick={onLogOut}
            disabled={isLoggingOut}
            data-testid="logout-button"
          >
            {isLoggingOut ? t("nav.loggingOut") : t("nav.logout")}
          </Menu.Item>
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
