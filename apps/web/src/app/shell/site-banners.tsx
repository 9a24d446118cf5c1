import { Container, Text } from "@mantine/core";
import type { SiteStatus } from "@souk/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiClient } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { AlertTriangleIcon, InfoIcon } from "../../ui/icons.tsx";
import classes from "./banners.module.css";

/**
 * GET /rest/v1/site/status: the maintenanceInfo and adminAlert banners (docs/product.md#site-switches),
 * for everyone, signed in or not. Asked again every minute and when the tab comes back.
 */
function siteStatusQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: ["site", "status", userId],
    queryFn: async ({ signal }) => {
      // The schema (and zod) load on use: every page shows these banners, and zod stays out of the
      // first load (it never compiles with eval in the browser: build/zod-jitless.ts).
      const { siteStatusAnswerSchema } = await import("../../lib/schemas.ts");
      return (await apiClient.get("/rest/v1/site/status", { schema: siteStatusAnswerSchema, signal })).data;
    },
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * Fetches a visitor's site status into `queryClient` for a server render: the banners are drawn
 * with the page, and the browser's first render finds the status it was drawn from instead of
 * asking for it (and loading the schema code) at once. A failure leaves the banners to the browser.
 */
export function prefetchSiteStatus(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(siteStatusQueryOptions(null));
}

/** The banners' ids as the spec names their mount points, each with its message. */
export function selectSiteBanners(status: SiteStatus | undefined): { id: string; testId: string; message: string }[] {
  if (!status) return [];
  const maintenance = status.maintenanceInfo
    ? [{ id: "maintenanceInfo", testId: "maintenanceInfo", message: status.maintenanceInfo.message }]
    : [];
  const alerts = status.adminAlerts.map((alert) => ({
    id: `adminAlert-${alert.id}`,
    testId: "adminAlert",
    message: alert.message,
  }));
  return [...maintenance, ...alerts];
}

function SiteBanner({
  color,
  icon,
  title,
  message,
  testId,
}: {
  color: string;
  icon: ReactNode;
  title: string;
  message: string;
  testId: string;
}) {
  const style = {
    "--banner-bg": `var(--mantine-color-${color}-light)`,
    "--banner-accent": `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <section className={classes.banner} style={style} data-testid={testId} aria-label={title}>
      <Container size="lg" className={classes.inner}>
        <span className={classes.icon}>{icon}</span>
        <div className={classes.text}>
          <Text fw={650} size="sm">
            {title}
          </Text>
          {message ? <Text size="sm">{message}</Text> : null}
        </div>
      </Container>
    </section>
  );
}

/** Maintenance first (new trades and offers wait), then the operators' alerts, oldest first. */
export function SiteBanners() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data } = useQuery(siteStatusQueryOptions(user?.id ?? null));
  const banners = selectSiteBanners(data);
  if (banners.length === 0) return null;
  return (
    <div className={classes.stack} data-testid="site-banners">
      {banners.map((banner) =>
        banner.testId === "maintenanceInfo" ? (
          <SiteBanner
            key={banner.id}
            color="orange"
            icon={<AlertTriangleIcon />}
            title={t("banners.maintenanceInfo.title")}
            message={banner.message || t("banners.maintenanceInfo.body")}
            testId={banner.testId}
          />
        ) : (
          <SiteBanner
            key={banner.id}
            color="blue"
            icon={<InfoIcon />}
            title={t("banners.adminAlert.title")}
            message={banner.message}
            testId={banner.testId}
          />
        ),
      )}
    </div>
  );
}
