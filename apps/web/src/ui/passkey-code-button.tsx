import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { KeyIcon } from "./icons.tsx";

export interface PasskeyCodeButtonProps {
  state: "idle" | "busy" | "done" | "failed" | "dismissed";
  onUse: () => void;
}

/** "Use a passkey" beside a second-factor code field (release, send), and how the check went. */
export function PasskeyCodeButton({ state, onUse }: PasskeyCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        variant="light"
        size="xs"
        leftSection={<KeyIcon size={14} />}
        loading={state === "busy"}
        onClick={onUse}
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
