import { Alert, Anchor, Button, Code, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import type { TwoFactorEnrolment as Enrolment } from "@souk/contracts";
import { useState } from "react";
import { chooseOption, enableTwoFactor, sendTwoFactorCode } from "../api/security-api.ts";
import { useSecurityTexts } from "../i18n/security-texts.ts";
import { type SecurityMessage, useSecurityAction } from "./use-security-action.ts";

/** Choose a factor, scan its QR code (or read the mailed code), and turn it on with the first code. */
export function TwoFactorEnrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useSecurityTexts();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<SecurityMessage>(null);
  const { isBusy, run, submitting } = useSecurityAction(setMessage);
  const onEnable = submitting(async () => onEnabled(await enableTwoFactor(code.trim())));

  if (!enrolment) {
    return (
      <Stack gap="sm">
        {message && <Alert color={message.color}>{message.text}</Alert>}
        <Group>
          <Button loading={isBusy} onClick={() => void run(async () => setEnrolment(await chooseOption("ga")))}>
            {t("twoFactor.chooseGa")}
          </Button>
          <Button
            variant="light"
            loading={isBusy}
            onClick={() => void run(async () => setEnrolment(await chooseOption("email")))}
          >
            {t("twoFactor.chooseEmail")}
          </Button>
          <Button
            variant="light"
            loading={isBusy}
            onClick={() => void run(async () => setEnrolment(await chooseOption("sms")))}
          >
            {t("twoFactor.chooseSms")}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={onEnable} data-testid="two-factor-enrolment">
      <Stack gap="sm" maw={460}>
        {enrolment.type === "ga" && enrolment.qrSvg ? (
          <>
            <Text size="sm">{t("twoFactor.scan")}</Text>
            <Image
              src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
              alt="QR"
              w={200}
              h={200}
              bg="white"
              data-testid="two-factor-qr"
            />
            <Text size="sm">
              {t("twoFactor.secretLabel")}: <Code data-testid="two-factor-secret">{enrolment.secret}</Code>
            </Text>
          </>
        ) : (
          <Group gap="xs">
            <Text size="sm">{t(enrolment.type === "sms" ? "twoFactor.smsSent" : "twoFactor.emailSent")}</Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() =>
                void run(async () => {
                  await sendTwoFactorCode();
                  setMessage({ color: "green", text: t("twoFactor.resent") });
                })
              }
            >
              {t("twoFactor.resend")}
            </Anchor>
          </Group>
        )}
        {message && <Alert color={message.color}>{message.text}</Alert>}
        <TextInput
          label={t("twoFactor.code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          data-testid="two-factor-code"
          maw={220}
        />
        <Group>
          <Button type="submit" loading={isBusy} disabled={code.trim().length !== 6}>
            {t("twoFactor.enable")}
          </Button>
          <Button variant="default" onClick={() => setEnrolment(null)}>
            {t("twoFactor.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
