import { Button, Container, Text } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../lib/use-locale.ts";
import { BanIcon, FlaskIcon, LockIcon, MailIcon, SnowflakeIcon } from "../../ui/icons.tsx";
import classes from "./banners.module.css";

/** The status banners (docs/product.md#banners-toasts-and-layout), named as the spec names their mount points. */
export type BannerId =
  | "bannedBanner"
  | "frozenBanner"
  | "userRestrictedBanner"
  | "demoModeBanner"
  | "verifyEmailBanner";

/** Which banners a user sees, most severe first. Nobody signed in sees none. */
export function selectBanners(user: CurrentUser | null): BannerId[] {
  if (!user) return [];
  const banners: BannerId[] = [];
  if (user.isBanned) banners.push("bannedBanner");
  if (user.isFrozen) banners.push("frozenBanner");
  if (user.isRestricted) banners.push("userRestrictedBanner");
  if (user.isDemoAccount) banners.push("demoModeBanner");
  if (!user.verification.email) banners.push("verifyEmailBanner");
  return banners;
}

interface BannerLook {
  color: string;
  icon: ReactNode;
  textKey: string;
}

const looks: Record<BannerId, BannerLook> = {
  bannedBanner: { color: "red", icon: <BanIcon />, textKey: "banners.banned" },
  frozenBanner: { color: "cyan", icon: <SnowflakeIcon />, textKey: "banners.frozen" },
  userRestrictedBanner: { color: "orange", icon: <LockIcon />, textKey: "banners.restricted" },
  demoModeBanner: { color: "violet", icon: <FlaskIcon />, textKey: "banners.demoMode" },
  verifyEmailBanner: { color: "yellow", icon: <MailIcon />, textKey: "banners.verifyEmail" },
};

export function Banners({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  const banners = selectBanners(user);
  if (!user || banners.length === 0) return null;
  return (
    <div className={classes.stack} data-testid="banners">
      {banners.map((id) => {
        const look = looks[id];
        const style = {
          "--banner-bg": `var(--mantine-color-${look.color}-light)`,
          "--banner-accent": `var(--mantine-color-${look.color}-light-color)`,
        } as CSSProperties;
        return (
          <section
            key={id}
            className={classes.banner}
            style={style}
            data-testid={id}
            aria-label={t(`${look.textKey}.title`)}
          >
            <Container size="lg" className={classes.inner}>
              <span className={classes.icon}>{look.icon}</span>
              <div className={classes.text}>
                <Text fw={650} size="sm">
                  {t(`${look.textKey}.title`)}
                </Text>
                <Text size="sm">{t(`${look.textKey}.body`, { email: user.email })}</Text>
              </div>
              {id === "verifyEmailBanner" ? (
                <Button
                  component={Link}
                  to={to("kycVerification")}
                  size="xs"
                  variant="white"
                  color="dark"
                  className={classes.action}
                >
                  {t("banners.verifyEmail.action")}
                </Button>
              ) : null}
            </Container>
          </section>
        );
      })}
    </div>
  );
}
