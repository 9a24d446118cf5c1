import { Button, Divider, Drawer, Stack, Text } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { LogOutIcon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { paramsOf, sectionsFor } from "./account-links.ts";
import { useMenuLabel } from "./account-menu-texts.ts";
import { isLinkShown, type NavbarLink, navLinkClass } from "./navbar-links.ts";

export interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  links: readonly NavbarLink[];
  user: CurrentUser | null;
  onLogOut: () => void;
  isLoggingOut: boolean;
}

/** The burger menu of small screens: the top bar's links and every page of one's own; loaded the first time it opens. */
export function MobileMenu({ opened, onClose, links, user, onLogOut, isLoggingOut }: MobileMenuProps) {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  const label = useMenuLabel();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(100%, 360px)"
      title={<Logo size="sm" />}
      closeButtonProps={{ "aria-label": t("nav.closeMenu") }}
      data-testid="navbar-drawer"
    >
      <Stack gap={4} component="nav" aria-label={t("nav.menu")}>
        {links
          .filter((link) => isLinkShown(link, user))
          .map((link) => (
            <NavLink
              key={link.testId}
              to={to(link.name)}
              className={navLinkClass}
              data-testid={`mobile-${link.testId}`}
            >
              {t(link.labelKey)}
            </NavLink>
          ))}
      </Stack>
      {user
        ? sectionsFor(user).map((section) => (
            <Stack gap={4} key={section.labelKey} mt="md" component="nav" aria-label={label(section.labelKey)}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={12}>
                {label(section.labelKey)}
              </Text>
              {section.links.map((link) => (
                <NavLink
                  key={link.testId}
                  to={to(link.name, paramsOf(link, user))}
                  className={navLinkClass}
                  end
                  data-testid={`mobile-${link.testId}`}
                >
                  {label(link.labelKey)}
                </NavLink>
              ))}
            </Stack>
          ))
        : null}
      <Divider my="md" />
      {user ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("nav.signedInAs")} <strong>{user.username}</strong>
          </Text>
          <Button
            variant="light"
            color="red"
            leftSection={<LogOutIcon size={16} />}
            onClick={onLogOut}
            loading={isLoggingOut}
          >
            {t("nav.logout")}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Button component={Link} to={to("register")} fullWidth>
            {t("nav.register")}
          </Button>
          <Button component={Link} to={to("login")} variant="default" fullWidth>
            {t("nav.login")}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
