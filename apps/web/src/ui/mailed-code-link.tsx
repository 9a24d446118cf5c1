import { Anchor, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface MailedCodeLinkProps {
  state: "idle" | "sending" | "sent" | "failed";
  onSend: () => void;
  /** How the factor sends its codes: by e-mail (the default) or by SMS. */
  channel?: "email" | "sms";
}

/** "E-mail me a code" (or "Text me a code") under a code field, for a second factor that sends its codes. */
export function MailedCodeLink({ state, onSend, channel = "email" }: MailedCodeLinkProps) {
  const { t } = useTranslation();
  const texts = channel === "sms" ? "secondFactor.textedCode" : "secondFactor.mailedCode";
  return (
    <Group gap="xs">
      <Anchor component="button" type="button" size="sm" disabled={state === "sending"} onClick={onSend}>
        {t(`${texts}.send`)}
      </Anchor>
      {state === "sent" || state === "failed" ? (
        <Text size="sm" c={state === "sent" ? "green" : "red"} role="status">
          {t(`${texts}.${state}`)}
        </Text>
      ) : null}
    </Group>
  );
}
