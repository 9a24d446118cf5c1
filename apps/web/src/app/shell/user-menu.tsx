import type { CurrentUser } from "@souk/contracts";
import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import {
  ChevronDownIcon,
  DashboardIcon,
  LogOutIcon,
  ShieldCheckIcon,
  SlidersIcon,
  UserIcon,
  WalletIcon,
} from "../../ui/icons.tsx";
import classes from "./navbar.module.css";

export interface UserMenuProps {
  user: CurrentUser;
  onLogOut: () => void;
  isLoggingOut: boolean;
}

export function UserMenu({ user, onLogOut, isLoggingOut }: UserMenuProps) {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  return (
    <Menu position="bottom-end" width={240} radius="md" shadow="lg" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={t("nav.userMenu")} data-testid="user-menu-button">
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.avatarUrl} alt="" radius="xl" size={30} color="souk" variant="filled">
              {user.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text component="span" size="sm" fw={600} className={classes.username} data-testid="navbar-username">
              {user.username}
            </Text>
            <ChevronDownIcon size={16} className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {t("nav.signedInAs")} <strong>{user.username}</strong>
        </Menu.Label>
        <Menu.Item component={Link} to={to("dashboard")} leftSection={<DashboardIcon size={16} />}>
          {t("nav.dashboard")}
        </Menu.Item>
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
