import { Menu } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import {
  DashboardIcon,
  LogOutIcon,
  ServerIcon,
  ShieldCheckIcon,
  SlidersIcon,
  UserIcon,
  WalletIcon,
} from "../../ui/icons.tsx";
import { UserMenuButton } from "./user-menu-button.tsx";

export interface UserMenuProps {
  user: CurrentUser;
  onLogOut: () => void;
  isLoggingOut: boolean;
  defaultOpened?: boolean;
}

export function UserMenu({ user, onLogOut, isLoggingOut, defaultOpened = false }: UserMenuProps) {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  return (
    <Menu position="bottom-end" width={240} radius="md" shadow="lg" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {t("nav.signedInAs")} <strong>{user.username}</strong>
        </Menu.Label>
        <Menu.Item component={Link} to={to("dashboard")} leftSection={<DashboardIcon size={16} />}>
          {t("nav.dashboard")}
        </Menu.Item>
        {user.isStaff ? (
          <Menu.Item
            component={Link}
            to={to("moderationDisputes")}
            leftSection={<ShieldCheckIcon size={16} />}
            data-testid="disputes-link"
          >
            {t("nav.disputes")}
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to={to("wallet")} leftSection={<WalletIcon size={16} />}>
          {t("nav.wallet")}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={to("userAccount", { username: user.username })}
          leftSection={<UserIcon size={16} />}
        >
          {t("nav.profile")}
        </Menu.Item>
        <Menu.Item component={Link} to={to("kycVerification")} leftSection={<ShieldCheckIcon size={16} />}>
          {t("nav.verification")}
        </Menu.Item>
        <Menu.Item component={Link} to={to("accountSettings")} leftSection={<SlidersIcon size={16} />}>
          {t("nav.accountSettings")}
        </Menu.Item>
        <Menu.Item component={Link} to={to("apiKeys")} leftSection={<ServerIcon size={16} />}>
          {t("nav.apiKeys")}
        </Menu.Item>
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
      </Menu.Dropdown>
    </Menu>
  );
}
