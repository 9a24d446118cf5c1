import { Badge, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LoadError } from "../../../ui/load-error.tsx";
import { useOfferWizardTexts, useWizardErrorText } from "../i18n/offer-wizard-texts.ts";
import classes from "./offer-wizard.module.css";

export interface WizardPageFrameProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  aside?: ReactNode;
  children: ReactNode;
}

/** The page around the wizard and the lite editor: a heading and the content. */
export function WizardPageFrame({ eyebrow, title, subtitle, aside, children }: WizardPageFrameProps) {
  return (
    <Container size="lg" w="100%" py={{ base: "lg", sm: "xl" }}>
      <Group justify="space-between" align="flex-end" className={classes.header} gap="md">
        <Stack gap={6}>
          <Badge variant="light" radius="sm" w="fit-content">
            {eyebrow}
          </Badge>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text c="dimmed" maw={640}>
            {subtitle}
          </Text>
        </Stack>
        {aside}
      </Group>
      {children}
    </Container>
  );
}

export function WizardLoading() {
  const { t } = useOfferWizardTexts();
  return (
    <Group justify="center" py={80} gap="sm" data-testid="wizard-loading">
      <Loader size="md" />
      <Text c="dimmed">{t("page.loading")}</Text>
    </Group>
  );
}

export function WizardLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useOfferWizardTexts();
  const { errorText } = useWizardErrorText();
  return (
    <LoadError
      my="xl"
      title={t("page.loadError")}
      message={errorText(error)}
      retryLabel={t("page.retry")}
      onRetry={onRetry}
      data-testid="wizard-load-error"
    />
  );
}
