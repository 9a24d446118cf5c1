import { Anchor, Button, Checkbox, Group, PinInput, Stack, Text, TextInput } from "@mantine/core";
import type { PhoneSettings } from "@souk/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useCurrentUser } from "../../../lib/session.ts";
import {
  confirmPhone,
  phoneSettingsQueryKey,
  phoneSettingsQueryOptions,
  resetPhone,
  sendPhoneCode,
} from "../api/account-settings-api.ts";
import { SettingsCard } from "./settings-card.tsx";
import { useSettingsAction } from "./use-settings-action.ts";

/** Seconds left of the server's countdown, ticking down once a second. */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/** Send a code to a number, type it back, or remove the verified number. */
export function PhoneSection() {
  const { run, message, isBusy, t } = useSettingsAction();
  const queryClient = useQueryClient();
  const settings = useQuery(phoneSettingsQueryOptions()).data;
  const [phone, setPhone] = useState("");
  const [call, setCall] = useState(false);
  const [consent, setConsent] = useState(false);
  const [code, setCode] = useState("");
  const [factorCode, setFactorCode] = useState("");
  const user = useCurrentUser();
  const asksFactor = Boolean(user && (user.twoFactor.login || user.twoFactor.release || user.twoFactor.sendout));
  const [isCodeSent, setIsCodeSent] = useState(false);
  const countdown = useCountdown(settings?.countdown ?? 0);
  const keep = (next: PhoneSettings) => queryClient.setQueryData(phoneSettingsQueryKey, next);

  function onSend(event?: FormEvent) {
    event?.preventDefault();
    void run(async () => {
      const next = await sendPhoneCode(phone, call);
      keep(next);
      setIsCodeSent(true);
    }, null);
  }
  function onConfirm(event: FormEvent) {
    event.preventDefault();
    void run(async () => keep(await confirmPhone(code)));
  }

  const verified = settings?.isVerified;
  return (
    <SettingsCard title={t("phone.title")} testId="phone-settings" message={message}>
      {verified && settings ? (
        <Group justify="space-between" align="end">
          <Text>{t("phone.verified", { code: settings.code, number: settings.number })}</Text>
          <Group align="end" gap="xs">
            {asksFactor ? (
              <TextInput
                size="xs"
                label={t("phone.resetCode")}
                autoComplete="one-time-code"
                value={factorCode}
                onChange={(event) => setFactorCode(event.currentTarget.value)}
              />
            ) : null}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void run(async () => keep(await resetPhone(factorCode.trim() || undefined)))}
            >
              {t("phone.reset")}
            </Anchor>
          </Group>
        </Group>
      ) : isCodeSent && settings ? (
        <form onSubmit={onConfirm}>
          <Stack gap="sm">
            <Text size="sm">{t("phone.sent", { code: settings.code, number: settings.number })}</Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              aria-label={t("phone.code")}
            />
            <Group>
              <Button type="submit" loading={isBusy} disabled={code.length !== 6}>
                {t("phone.confirm")}
              </Button>
              {countdown > 0 ? (
                <Text size="sm" c="dimmed" data-testid="phone-countdown">
                  {t("phone.countdown", { seconds: countdown })}
                </Text>
              ) : (
                <Anchor component="button" type="button" onClick={() => onSend()}>
                  {t("phone.resend")}
                </Anchor>
              )}
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onSend}>
          <Stack gap="sm">
            <TextInput
              label={t("phone.number")}
              type="tel"
              placeholder="+33 6 12 34 56 78"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              required
            />
            <Checkbox label={t("phone.call")} checked={call} onChange={(e) => setCall(e.currentTarget.checked)} />
            <Checkbox
              label={t("phone.consent")}
              checked={consent}
              onChange={(e) => setConsent(e.currentTarget.checked)}
            />
            <Group>
              <Button type="submit" loading={isBusy} disabled={!consent || countdown > 0}>
                {t("phone.send")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}
