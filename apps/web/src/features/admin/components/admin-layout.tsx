import { Container, Divider, NavLink, Stack, Text } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { PathName } from "../../../lib/paths.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { RoleGate } from "../../../ui/role-gate.tsx";
import { PageHeading } from "../../../ui/titled-page.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";
import classes from "./admin-layout.module.css";

type Audience = "staff" | "usersStaff" | "admin";

interface AreaLink {
  name: PathName;
  labelKey: string;
  audience: Audience;
  testId: string;
}

/** The console's own navigation: its screens, then the staff screens that live elsewhere. */
const AREA_LINKS: readonly AreaLink[] = [
  { name: "adminOverview", labelKey: "nav.overview", audience: "staff", testId: "admin-nav-overview" },
  { name: "adminUsers", labelKey: "nav.users", audience: "usersStaff", testId: "admin-nav-users" },
  { name: "adminOffers", labelKey: "nav.offers", audience: "staff", testId: "admin-nav-offers" },
  { name: "adminAudit", labelKey: "nav.audit", audience: "usersStaff", testId: "admin-nav-audit" },
  { name: "adminVerifications", labelKey: "nav.verifications", audience: "staff", testId: "admin-nav-verifications" },
  { name: "adminChargebacks", labelKey: "nav.chargebacks", audience: "staff", testId: "admin-nav-chargebacks" },
  { name: "adminSite", labelKey: "nav.site", audience: "admin", testId: "admin-nav-site" },
  { name: "adminApprovals", labelKey: "nav.approvals", audience: "admin", testId: "admin-nav-approvals" },
  { name: "adminLedger", labelKey: "nav.ledger", audience: "admin", testId: "admin-nav-ledger" },
];
const ELSEWHERE_LINKS: readonly AreaLink[] = [
  { name: "moderationDisputes", labelKey: "nav.disputes", audience: "staff", testId: "admin-nav-disputes" },
  { name: "adminWalletDeposits", labelKey: "nav.deposits", audience: "admin", testId: "admin-nav-deposits" },
  { name: "adminMail", labelKey: "nav.mail", audience: "admin", testId: "admin-nav-mail" },
];

/** Supermods and admins run users and read the audit log; every staff role sees the console. */
export function mayRunUsers(user: CurrentUser): boolean {
  return user.roles.includes("supermod") || user.roles.includes("admin");
}

function isShown(audience: Audience, user: CurrentUser): boolean {
  if (audience === "admin") return user.roles.includes("admin");
  return audience === "usersStaff" ? mayRunUsers(user) : user.isStaff;
}

function AreaNav() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  if (!user) return null;
  const link = (item: AreaLink) => {
    const href = to(item.name);
    const isActive = item.name === "adminOverview" ? pathname === href : pathname.startsWith(href);
    return (
      <NavLink
        key={item.name}
        component={Link}
        to={href}
        label={t(item.labelKey)}
        active={isActive}
        data-testid={item.testId}
      />
    );
  };
  return (
    <nav className={classes.nav} aria-label={t("area")}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.navTitle}>
        {t("area")}
      </Text>
      {AREA_LINKS.filter((item) => isShown(item.audience, user)).map(link)}
      <Divider my={6} />
      {ELSEWHERE_LINKS.filter((item) => isShown(item.audience, user)).map(link)}
    </nav>
  );
}

export interface AdminPageProps {
  /** Who may see this screen: every staff role, supermods and admins, or admins. */
  audience: Audience;
  metaTitle: string;
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
}

/** A screen of the operator console: the role gate, the area's navigation and the page's heading. */
export function AdminPage({ audience, metaTitle, title, subtitle, children }: AdminPageProps) {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const refusalKey = { staff: "notAllowed", usersStaff: "needsSupermod", admin: "needsAdmin" }[audience];
  return (
    <RoleGate
      allows={(user) => isShown(audience, user)}
      refusal={{
        testId: "admin-area-not-allowed",
        title: t(`${refusalKey}Title`),
        body: t(`${refusalKey}Body`),
        backLabel: t("backToDashboard"),
        backTo: to("dashboard"),
      }}
    >
      <Container size={1200} py="xl">
        <div className={classes.layout}>
          <AreaNav />
          <Stack gap="lg" data-testid="admin-page">
            <PageHeading metaTitle={metaTitle} title={title} subtitle={subtitle} />
            {children}
          </Stack>
        </div>
      </Container>
    </RoleGate>
  );
}

/** A console screen whose title and subtitle are its section's texts (`<section>.title`, `.subtitle`). */
export function AdminSectionPage({
  section,
  audience,
  children,
}: {
  section: "overview" | "users" | "offers" | "audit";
  audience: AdminPageProps["audience"];
  children: ReactNode;
}) {
  const { t } = useAdminTexts();
  const title = t(`${section}.title`);
  return (
    <AdminPage audience={audience} metaTitle={title} title={title} subtitle={t(`${section}.subtitle`)}>
      {children}
    </AdminPage>
  );
}
