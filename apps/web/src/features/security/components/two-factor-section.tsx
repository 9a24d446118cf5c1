import { Alert, Badge, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { TwoFactorStatus } from "@souk/contracts";
import { useEffect, useState } from "react";
import { useMailedSecondFactorCode } from "../../../lib/second-factor.ts";
import { MailedCodeLink } from "../../../ui/mailed-code-link.tsx";
import {
  deactivateTwoFactor,
  saveTwoFactorSettings,
  useRefreshTwoFactor,
  useTwoFactorStatus,
} from "../api/security-api.ts";
import { useSecurityTexts } from "../i18n/security-texts.ts";
import { SecurityCard } from "./security-card.tsx";
import { TwoFactorEnrolment } from "./two-factor-enrolment.tsx";
import { type SecurityMessage, useSecurityAction } from "./use-security-action.ts";

const EVENTS = ["login", "release", "sendout"] as const;

/** The recovery codes, shown once right after the factor is turned on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useSecurityTexts();
  return (
    <Alert color="yellow" title={t("twoFactor.recoveryTitle")} data-testid="recovery-codes">
      <Stack gap="sm">
        <Text size="sm">{t("twoFactor.recoveryLead")}</Text>
        <SimpleGrid cols={2} spacing={4} maw={300}>
          {codes.map((code) => (
            <Text key={code} ff="monospace">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group>
          <Button size="xs" onClick={onDone}>
            {t("twoFactor.recoveryDone")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** While the factor is on: which events ask for it, and turning it off; both may take a code. */
function TwoFactorOnControls({ status }: { status: TwoFactorStatus }) {
  const { t } = useSecurityTexts();
  const refresh = useRefreshTwoFactor();
  const [settings, setSettings] = useState(status.settings);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<SecurityMessage>(null);
  const action = useSecurityAction(setMessage);
  const isBusy = action.isBusy;
  const mailedCode = useMailedSecondFactorCode(status.type === "email" || status.type === "sms");
  useEffect(() => setSettings(status.settings), [status.settings]);

  /** A change of the factor's settings, then its new state shown with the line saying so. */
  const applying = (change: () => Promise<TwoFactorStatus>, success: string) => async () => {
    await refresh(await change());
    setCode("");
    setMessage({ color: "green", text: success });
  };
  const typed = code.trim();
  const onSave = action.submitting(
    applying(() => saveTwoFactorSettings({ ...settings, ...(typed ? { code: typed } : {}) }), t("twoFactor.saved")),
  );

  return (
    <form onSubmit={onSave}>
      <Stack gap="sm">
        <Text fw={600}>{t("twoFactor.eventsTitle")}</Text>
        {EVENTS.map((event) => (
          <Checkbox
            key={event}
            label={t(`twoFactor.events.${event}`)}
            checked={settings[event]}
            onChange={(change) => setSettings({ ...settings, [event]: change.currentTarget.checked })}
            data-testid={`two-factor-event-${event}`}
          />
        ))}
        <Text size="xs" c="dimmed">
          {t("twoFactor.eventsHint")} {t("twoFactor.recoveryLeft", { count: status.recoveryCodesLeft })}
        </Text>
        {message && <Alert color={message.color}>{message.text}</Alert>}
        <TextInput
          label={t("twoFactor.code")}
          description={t("twoFactor.codeHint")}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          maw={260}
        />
        {mailedCode.isMailed ? (
          <MailedCodeLink state={mailedCode.state} channel={mailedCode.channel} onSend={() => void mailedCode.send()} />
        ) : null}
        <Group>
          <Button type="submit" loading={isBusy}>
            {t("twoFactor.save")}
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={typed === ""}
            loading={isBusy}
            onClick={() => void action.run(applying(() => deactivateTwoFactor(typed), t("twoFactor.disabled")))}
          >
            {t("twoFactor.disable")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Two-factor authentication on the security screen: enrolment, settings, turning it off. */
export function TwoFactorSection() {
  const { t } = useSecurityTexts();
  const status = useTwoFactorStatus();
  const refresh = useRefreshTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const data = status.data;
  const isOn = data?.state === "enabled";

  return (
    <SecurityCard
      title={t("twoFactor.title")}
      lead={t("twoFactor.lead")}
      testId="two-factor-section"
      badge={
        data ? (
          <Badge color={isOn ? "green" : "gray"} data-testid="two-factor-state">
            {isOn ? t("twoFactor.stateOn", { type: t(`twoFactor.types.${data.type}`) }) : t("twoFactor.stateOff")}
          </Badge>
        ) : null
      }
    >
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
      {data && isOn ? <TwoFactorOnControls status={data} /> : null}
      {data && !isOn ? (
        <TwoFactorEnrolment
          onEnabled={(codes) => {
            setRecoveryCodes(codes);
            void refresh();
          }}
        />
      ) : null}
    </SecurityCard>
  );
}
