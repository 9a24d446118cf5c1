import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { useLogOutMutation } from "../../features/auth/api/auth-api.ts";
import type { PathName } from "../../lib/paths.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { showToast } from "../../lib/toast.ts";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { LogOutIcon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import classes from "./navbar.module.css";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

const primaryLinks = [
  { name: "marketplaceBuy", labelKey: "nav.buy" },
  { name: "marketplaceSell", labelKey: "nav.sell" },
  { name: "wallet", labelKey: "nav.wallet" },
  { name: "dashboard", labelKey: "nav.dashboard" },
] as const satisfies readonly { name: PathName; labelKey: string }[];

/** The top bar: brand, main links, theme switch and account; a burger menu below 768 px. */
export function Navbar() {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  const user = useCurrentUser();
  const location = useLocation();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const logOut = useLogOutMutation();

  // A link followed from the drawer leaves it open otherwise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input.
  useEffect(() => {
    drawer.close();
  }, [location.pathname]);

  function handleLogOut(): void {
    drawer.close();
    logOut.mutate(undefined, {
      onError: () => showToast({ type: "error", message: t("nav.logoutFailed") }),
    });
  }

  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${classes.link} ${classes.active}` : classes.link);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group gap={36} wrap="nowrap">
          <Link to={to("home")} className={classes.brand} aria-label={t("nav.home")}>
            <Logo />
          </Link>
          <nav aria-label={t("nav.mainNavigation")} className={classes.links} data-testid="navbar-links">
            {primaryLinks.map((link) => (
              <NavLink key={link.name} to={to(link.name)} className={linkClass}>
                {t(link.labelKey)}
              </NavLink>
            ))}
          </nav>
        </Group>

        <Group gap={10} wrap="nowrap">
          <ThemeToggle />
          {user ? (
            <UserMenu user={user} onLogOut={handleLogOut} isLoggingOut={logOut.isPending} />
          ) : (
            <Group gap={8} wrap="nowrap" visibleFrom="sm">
              <Button component={Link} to={to("login")} variant="subtle" color="gray" data-testid="navbar-login">
                {t("nav.login")}
              </Button>
              <Button component={Link} to={to("register")} data-testid="navbar-register">
                {t("nav.register")}
              </Button>
            </Group>
          )}
          <Burger
            opened={isDrawerOpen}
            onClick={drawer.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={isDrawerOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={isDrawerOpen}
            data-testid="navbar-burger"
          />
        </Group>
      </Container>

      <Drawer
        opened={isDrawerOpen}
        onClose={drawer.close}
        position="right"
        size="min(100%, 360px)"
        hiddenFrom="sm"
        title={<Logo size="sm" />}
        closeButtonProps={{ "aria-label": t("nav.closeMenu") }}
        data-testid="navbar-drawer"
      >
        <Stack gap={4} component="nav" aria-label={t("nav.menu")}>
          {primaryLinks.map((link) => (
            <NavLink key={link.name} to={to(link.name)} className={linkClass}>
              {t(link.labelKey)}
            </NavLink>
          ))}
        </Stack>
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
              onClick={handleLogOut}
              loading={logOut.isPending}
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
    </Box>
  );
}
