import { Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { CheckIcon, LockIcon, MessageIcon, ShieldCheckIcon, UsersIcon } from "../../../ui/icons.tsx";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import classes from "./auth-layout.module.css";

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of the log-in and sign-up pages: a brand panel beside the form on wide screens. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useAuthTexts();
  const points = [
    { icon: <ShieldCheckIcon />, text: t("sidePoints.escrow") },
    { icon: <UsersIcon />, text: t("sidePoints.feedback") },
    { icon: <MessageIcon />, text: t("sidePoints.support") },
  ];
  return (
    <Container size={980} className={classes.root}>
      <Paper className={classes.card} radius="xl" withBorder>
        <aside className={classes.side} aria-hidden="true">
          <ThemeIcon size={48} radius="md" variant="white" color="souk" className={classes.sideIcon}>
            <LockIcon size={26} />
          </ThemeIcon>
          <Title order={2} className={classes.sideTitle}>
            {t("sideTitle")}
          </Title>
          <Stack gap="md" component="ul" className={classes.points}>
            {points.map((point) => (
              <li key={point.text} className={classes.point}>
                <span className={classes.pointIcon}>{point.icon}</span>
                <span>{point.text}</span>
              </li>
            ))}
          </Stack>
          <div className={classes.sideFoot}>
            <CheckIcon size={16} /> Souk
          </div>
        </aside>
        <div className={classes.main}>
          <Stack gap={6} mb="xl">
            <Title order={1} className={classes.title}>
              {title}
            </Title>
            <Text c="dimmed">{subtitle}</Text>
          </Stack>
          {children}
          <Text ta="center" size="sm" mt="xl" c="dimmed">
            {footer}
          </Text>
        </div>
      </Paper>
    </Container>
  );
}
