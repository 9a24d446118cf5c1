import { Badge, Container, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./status-page.module.css";

export interface StatusPageProps {
  icon: ReactNode;
  /** A short label above the title: an HTTP code, "Coming soon"... */
  eyebrow?: ReactNode;
  title: ReactNode;
  body: ReactNode;
  actions?: ReactNode;
  color?: string;
  testId?: string;
}

/** A centred message page: 404, 500, coming soon, blocked region. */
export function StatusPage({ icon, eyebrow, title, body, actions, color = "souk", testId }: StatusPageProps) {
  return (
    <Container size={560} className={classes.root} data-testid={testId}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} className={classes.icon}>
          {icon}
        </ThemeIcon>
        {eyebrow ? (
          <Badge variant="light" color={color} size="lg" radius="sm">
            {eyebrow}
          </Badge>
        ) : null}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text c="dimmed" size="lg" maw={480}>
          {body}
        </Text>
        {actions ? <div className={classes.actions}>{actions}</div> : null}
      </Stack>
    </Container>
  );
}
