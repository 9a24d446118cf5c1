import { Anchor, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface MailedCodeLinkProps {
  state: "idle" | "sending" | "sent" | "failed";
  onSend: () => void;
}

/** "E-mail me a code" under a code field, for a second factor that mails its codes. */
export function MailedCodeLink({ state, onSend }: MailedCodeLinkProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Anchor component="button" type="button" size="sm" disabled={state === "sending"} onClick={onSend}>
        {t("secondFactor.mailedCode.send")}
      </Anchor>
      {state === "sent" || state === "failed" ? (
        <Text size="sm" c={state === "sent" ? "green" : "red"} role="status">
          {t(`secondFactor.mailedCode.${state}`)}
        </Text>
      ) : null}
    </Group>
  );
}
