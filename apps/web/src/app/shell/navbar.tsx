import { Box, Burger, Button, Container, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, type MouseEvent, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { useLogOut } from "../../features/auth/api/log-out.ts";
import { showDeferredToast } from "../../lib/deferred-toast.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { useReturnFocus } from "../../lib/use-return-focus.ts";
import { Logo } from "../../ui/logo.tsx";
import classes from "./navbar.module.css";
import { isLinkShown, primaryLinks, topLinkClass } from "./navbar-links.ts";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenuButton } from "./user-menu-button.tsx";

// Menus and drawers pull in positioning and overlay code: they load after the first paint.
const UserMenu = lazy(() => import("./user-menu.tsx").then((module) => ({ default: module.UserMenu })));
const NotificationBell = lazy(() =>
  import("../../features/notifications/components/notification-bell.tsx").then((module) => ({
    default: module.NotificationBell,
  })),
);
const MessengerNav = lazy(() =>
  import("../../features/messenger/components/messenger-nav.tsx").then((module) => ({
    default: module.MessengerNav,
  })),
);
const MobileMenu = lazy(() => import("./mobile-menu.tsx").then((module) => ({ default: module.MobileMenu })));

/** The top bar: brand, main links, theme switch and account; a burger menu below 768 px. */
/**
 * A browser that logs out stops receiving the account's pushes (a shared computer would otherwise
 * show the next person the last one's trades). Loaded on use; a failure does not keep anyone logged
 * in: a subscription the browser dropped is forgotten by the server at its next push.
 */
async function forgetThisBrowsersPush(): Promise<void> {
  try {
    const { turnBrowserPushOff } = await import("../../features/notifications/api/browser-push.ts");
    await turnBrowserPushOff();
  } catch {
    // No Push API, no service worker or the server unreachable: log-out goes on.
  }
}

export function Navbar() {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  const user = useCurrentUser();
  const location = useLocation();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  // A click on the account button before the menu's code arrived opens the menu once it is there.
  const [isUserMenuRequested, setUserMenuRequested] = useState(false);
  const { logOut, isPending: isLoggingOut } = useLogOut(forgetThisBrowsersPush);

  // Closed, the drawer gives focus back to the burger; after a navigation, the new page's heading takes it.
  const returnFocusToBurger = useReturnFocus(isDrawerOpen);

  // A link followed from the drawer leaves it open otherwise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input.
  useEffect(() => {
    returnFocusToBurger(null);
    drawer.close();
  }, [location.pathname]);

  function toggleDrawer(event: MouseEvent<HTMLButtonElement>): void {
    returnFocusToBurger(event.currentTarget);
    setHasOpenedDrawer(true);
    drawer.toggle();
  }

  function handleLogOut(): void {
    drawer.close();
    void logOut(() => showDeferredToast({ type: "error", message: t("nav.logoutFailed") }));
  }

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group gap={24} wrap="nowrap">
          <Link to={to("home")} className={classes.brand} aria-label={t("nav.home")}>
            <Logo />
          </Link>
          <nav aria-label={t("nav.mainNavigation")} className={classes.links} data-testid="navbar-links">
            {primaryLinks
              .filter((link) => isLinkShown(link, user))
              .map((link) => (
                <NavLink
                  key={link.testId}
                  to={to(link.name)}
                  className={topLinkClass(link)}
                  end
                  data-testid={link.testId}
                >
                  {t(link.labelKey)}
                </NavLink>
              ))}
          </nav>
        </Group>

        <Group gap={10} wrap="nowrap">
          <ThemeToggle />
          {user ? (
            <Suspense fallback={null}>
              <MessengerNav userId={user.id} />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={null}>
              <NotificationBell userId={user.id} />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={<UserMenuButton user={user} onClick={() => setUserMenuRequested(true)} />}>
              <UserMenu
                user={user}
                onLogOut={handleLogOut}
                isLoggingOut={isLoggingOut}
                defaultOpened={isUserMenuRequested}
              />
            </Suspense>
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
            onClick={toggleDrawer}
            hiddenFrom="sm"
            size="sm"
            aria-label={isDrawerOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={isDrawerOpen}
            data-testid="navbar-burger"
          />
        </Group>
      </Container>

      {hasOpenedDrawer ? (
        <Suspense fallback={null}>
          <MobileMenu
            opened={isDrawerOpen}
            onClose={drawer.close}
            links={primaryLinks}
            user={user}
            onLogOut={handleLogOut}
            isLoggingOut={isLoggingOut}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
