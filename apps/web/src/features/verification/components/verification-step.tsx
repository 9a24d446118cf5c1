import { Alert, Card, Stack, Title } from "@mantine/core";
import type { KycCheck } from "@souk/contracts";
import type { ReactNode } from "react";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { SubmissionStatus } from "./submission-status.tsx";

/** A step decided by a reviewer: its condition and its submissions share the name, and so do its texts. */
type ReviewedStep = keyof KycCheck["submissions"];

/** A new request may start while the step is not done and none is under way (none yet, or the last refused or unreadable). */
export function mayRequest(step: ReviewedStep, check: KycCheck): boolean {
  const submission = check.submissions[step];
  return !check.conditions[step] && (!submission || ["rejected", "corrupted"].includes(submission.status));
}

/** A step of the verification hub: its title, then "done" or the last submission's status, then what comes next. */
export function VerificationStep({
  step,
  check,
  children,
}: {
  step: ReviewedStep;
  check: KycCheck;
  children: ReactNode;
}) {
  const { t } = useVerificationTexts();
  const submission = check.submissions[step];
  return (
    <Card withBorder padding="lg" data-testid={`${step}-flow`}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t(`${step}.title`)}
        </Title>
        {check.conditions[step] ? (
          <Alert color="green">{t(`${step}.done`)}</Alert>
        ) : (
          submission && <SubmissionStatus submission={submission} />
        )}
        {children}
      </Stack>
    </Card>
  );
}
