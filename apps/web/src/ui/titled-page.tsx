import { Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export interface TitledPageProps {
  /** The document title, before " · Souk". */
  metaTitle: string;
  title: ReactNode;
  /** One dimmed line under the title. */
  subtitle: ReactNode;
  /** The width of the page's column, in pixels. */
  size: number;
  children: ReactNode;
}

/** A page of the signed-in area: its heading with a line under it, and its sections stacked below. */
export function TitledPage({ metaTitle, title, subtitle, size, children }: TitledPageProps) {
  return (
    <Container size={size} py="xl">
      <title>{`${metaTitle} · Souk`}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{subtitle}</Text>
        </div>
        {children}
      </Stack>
    </Container>
  );
}
