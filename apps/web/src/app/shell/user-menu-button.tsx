import { Group, Text, UnstyledButton } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDownIcon } from "../../ui/icons.tsx";
import classes from "./navbar.module.css";

export interface UserMenuButtonProps extends ComponentPropsWithRef<"button"> {
  user: CurrentUser;
}

/**
 * The avatar and username of the navbar. It is drawn at once; the menu it opens arrives with its
 * own small bundle (user-menu.tsx) and wraps this same button.
 */
export function UserMenuButton({ user, ...buttonProps }: UserMenuButtonProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className={classes.userButton}
      aria-label={t("nav.userMenu")}
      data-testid="user-menu-button"
      {...buttonProps}
    >
      <Group gap={8} wrap="nowrap">
        <span className={classes.avatar} aria-hidden="true">
          {user.avatarUrl ? <img src={user.avatarUrl} alt="" /> : user.username.slice(0, 1).toUpperCase()}
        </span>
        <Text component="span" size="sm" fw={600} className={classes.username} data-testid="navbar-username">
          {user.username}
        </Text>
        <ChevronDownIcon size={16} className={classes.chevron} />
      </Group>
    </UnstyledButton>
  );
}
