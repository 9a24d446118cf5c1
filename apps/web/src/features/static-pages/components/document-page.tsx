import { Code, Container, Text, Title } from "@mantine/core";
import type { Locale } from "@souk/contracts";
import type { ReactNode } from "react";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useStaticPagesTexts } from "../i18n/static-pages-texts.ts";
import classes from "./document-page.module.css";

export interface DocumentSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** Optional rows shown as a two-column table under the paragraphs. */
  rows?: readonly { label: string; value: string }[];
  /** Optional code listings (commands, programs) shown after the paragraphs, each with a caption. */
  code?: readonly { caption: string; text: string }[];
}

export interface DocumentContent {
  title: string;
  lead: string;
  sections: readonly DocumentSection[];
}

export interface DocumentPageProps {
  content: Record<Locale, DocumentContent>;
  /** ISO date of the last change of the text. */
  updatedOn?: string;
  aside?: ReactNode;
  testId?: string;
}

/** A long text page (terms, privacy, fees, about) with a table of contents on wide screens. */
export function DocumentPage({ content, updatedOn, aside, testId }: DocumentPageProps) {
  const { t } = useStaticPagesTexts();
  const locale = useLocale();
  const document = content[locale];
  return (
    <article data-testid={testId}>
      <title>{`${document.title} · Souk`}</title>
      <header className={classes.header}>
        <Container size="lg">
          <Title order={1} className={classes.title}>
            {document.title}
          </Title>
          <Text className={classes.lead}>{document.lead}</Text>
          {updatedOn ? (
            <Text size="sm" c="dimmed" mt="md">
              {t("lastUpdated", { date: formatDate(updatedOn, locale, { dateStyle: "long" }) })}
            </Text>
          ) : null}
        </Container>
      </header>
      <Container size="lg" className={classes.body}>
        <nav className={classes.toc} aria-label={t("onThisPage")}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="sm" className={classes.tocTitle}>
            {t("onThisPage")}
          </Text>
          <ul>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
          {aside}
        </nav>
        <div className={classes.content}>
          {document.sections.map((section) => (
            <section key={section.id} id={section.id} className={classes.section}>
              <Title order={2} className={classes.sectionTitle}>
                {section.title}
              </Title>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} className={classes.paragraph}>
                  {paragraph}
                </Text>
              ))}
              {section.code?.map((listing) => (
                <figure key={listing.caption} className={classes.code}>
                  <Text component="figcaption" size="sm" c="dimmed" mb={4}>
                    {listing.caption}
                  </Text>
                  <Code block>{listing.text}</Code>
                </figure>
              ))}
              {section.rows ? (
                <dl className={classes.rows}>
                  {section.rows.map((row) => (
                    <div key={row.label} className={classes.row}>
                      <dt>{row.label}</dt>
                      <dd>{row.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </section>
          ))}
        </div>
      </Container>
    </article>
  );
}
