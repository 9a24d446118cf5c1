import { Button } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import type { ReactNode } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { useCurrentUser } from "../lib/session.ts";
import { useLocalizedPaths } from "../lib/use-locale.ts";
import { ArrowRightIcon, BanIcon } from "./icons.tsx";
import { StatusPage } from "./status-page.tsx";

export interface RoleGateProps {
  /** Who may see the screen (an admin, staff...). */
  allows: (user: CurrentUser) => boolean;
  /** The page's title while shown, before " · Souk" (unless the screen sets its own). */
  metaTitle?: string;
  /** What everyone else reads: a 403 page with a way back. */
  refusal: { testId: string; title: string; body: string; backLabel: string; backTo: string };
  children: ReactNode;
}

/**
 * A screen for some roles only: a visitor is sent to log in and comes back; a user without the
 * role is told plainly that it is not for them; the others see the screen.
 */
export function RoleGate({ allows, metaTitle, refusal, children }: RoleGateProps) {
  const { to } = useLocalizedPaths();
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  if (!user) return <Navigate to={to("login", {}, { returnTo: `${pathname}${search}` })} replace />;
  if (!allows(user)) {
    return (
      <>
        <title>{`${refusal.title} · Souk`}</title>
        <StatusPage
          testId={refusal.testId}
          icon={<BanIcon />}
          color="red"
          eyebrow="403"
          title={refusal.title}
          body={refusal.body}
          actions={
            <Button component={Link} to={refusal.backTo} variant="light" rightSection={<ArrowRightIcon size={16} />}>
              {refusal.backLabel}
            </Button>
          }
        />
      </>
    );
  }
  return (
    <>
      {metaTitle ? <title>{`${metaTitle} · Souk`}</title> : null}
      {children}
    </>
  );
}
