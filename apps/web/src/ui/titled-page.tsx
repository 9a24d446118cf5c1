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

/** A page's document title and its heading with one dimmed line under it. */
export function PageHeading({ metaTitle, title, subtitle }: Pick<TitledPageProps, "metaTitle" | "title" | "subtitle">) {
  return (
    <div>
      <title>{`${metaTitle} · Souk`}</title>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{subtitle}</Text>
    </div>
  );
}

/** A page of the signed-in area: its heading with a line under it, and its sections stacked below. */
export function TitledPage({ metaTitle, title, subtitle, size, children }: TitledPageProps) {
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <PageHeading metaTitle={metaTitle} title={title} subtitle={subtitle} />
        {children}
      </Stack>
    </Container>
  );
}
