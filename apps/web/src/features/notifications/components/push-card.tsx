import { Group, Switch, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { showToast } from "../../../lib/toast.ts";
import {
  type BrowserPushState,
  PushPermissionRefused,
  readBrowserPush,
  turnBrowserPushOff,
  turnBrowserPushOn,
} from "../api/browser-push.ts";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";
import { ChannelCard } from "./channel-card.tsx";

/**
 * "Push on this browser": subscribes this browser to the app channel (web push) or unsubscribes
 * it. Which events come as pushes is the App column of the table above.
 */
export function PushCard() {
  const { t } = useNotificationsTexts();
  const [state, setState] = useState<BrowserPushState | "loading">("loading");
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    readBrowserPush()
      .catch((): BrowserPushState => "off")
      .then((read) => {
        if (isCurrent) setState(read);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  async function toggle(isOn: boolean): Promise<void> {
    setIsBusy(true);
    try {
      if (isOn) await turnBrowserPushOn();
      else await turnBrowserPushOff();
      setState(isOn ? "on" : "off");
      showToast({ type: "success", message: t(isOn ? "push.turnedOn" : "push.turnedOff") });
    } catch (error) {
      if (error instanceof PushPermissionRefused) {
        setState(Notification.permission === "denied" ? "denied" : "off");
        showToast({ type: "warning", message: t("push.refused") });
      } else showToast({ type: "error", message: t("push.failed") });
    } finally {
      setIsBusy(false);
    }
  }

  const hint = state === "unsupported" ? "push.unsupported" : state === "denied" ? "push.denied" : "push.hint";
  return (
    <ChannelCard title={t("push.title")} testId="push-card">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c={state === "unsupported" || state === "denied" ? "dimmed" : undefined}>
          {t(hint)}
        </Text>
        <Switch
          label={t("push.toggle")}
          labelPosition="left"
          styles={{ label: { whiteSpace: "nowrap" } }}
          checked={state === "on"}
          disabled={isBusy || state === "loading" || state === "unsupported" || state === "denied"}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          data-testid="push-toggle"
        />
      </Group>
    </ChannelCard>
  );
}
