import { Container, Stack, Title } from "@mantine/core";
import type { CurrentUser } from "@souk/contracts";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";

/** A settings page: its title, then its cards for the signed-in user (a visitor goes to log in). */
export function SettingsPageFrame(props: { title: string; children: (user: CurrentUser) => ReactNode }) {
  const user = useCurrentUser();
  const { to } = useLocalizedPaths();
  if (!user) return <Navigate to={to("login")} replace />;
  return (
    <Container size={760} py="xl">
      <title>{`${props.title} · Souk`}</title>
      <Stack gap="lg">
        <Title order={1}>{props.title}</Title>
        {props.children(user)}
      </Stack>
    </Container>
  );
}
