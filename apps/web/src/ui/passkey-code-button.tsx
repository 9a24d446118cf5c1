import { Button, Group, Text } from "@mantine/core";
import type { PasskeyPurpose } from "@souk/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../lib/api-client.ts";
import { isPasskeyPromptDismissed, passkeyCode, supportsPasskeys, usePasskeys } from "../lib/passkeys.ts";
import { KeyIcon } from "./icons.tsx";

export interface PasskeyCodeButtonProps {
  purpose: PasskeyPurpose;
  /** Whether the form asks for the second factor now (the passkeys are read only then). */
  isAsked: boolean;
  /** The one-time code the passkey earned, for the form's code field. */
  onCode: (code: string) => void;
}

/**
 * "Use a passkey" beside a second-factor code field (release, send): shown when the browser can
 * and the user has a passkey; the passed check fills the field with its one-time code.
 */
export function PasskeyCodeButton({ purpose, isAsked, onCode }: PasskeyCodeButtonProps) {
  const { t } = useTranslation();
  const passkeys = usePasskeys(isAsked && supportsPasskeys());
  const [state, setState] = useState<"idle" | "busy" | "done" | "failed" | "dismissed">("idle");
  if (!isAsked || !supportsPasskeys() || (passkeys.data?.length ?? 0) === 0) return null;
  const use = async () => {
    setState("busy");
    try {
      onCode(await passkeyCode(purpose));
      setState("done");
    } catch (error) {
      setState(isPasskeyPromptDismissed(error) && !(error instanceof ApiError) ? "dismissed" : "failed");
    }
  };
  return (
    <Group gap="xs">
      <Button
        variant="light"
        size="xs"
        leftSection={<KeyIcon size={14} />}
        loading={state === "busy"}
        onClick={() => void use()}
        data-testid="use-passkey"
      >
        {t("secondFactor.passkey.use")}
      </Button>
      {state === "done" || state === "failed" || state === "dismissed" ? (
        <Text size="sm" c={state === "done" ? "green" : state === "failed" ? "red" : "dimmed"} role="status">
          {t(`secondFactor.passkey.${state}`)}
        </Text>
      ) : null}
    </Group>
  );
}
