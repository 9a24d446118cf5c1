import { Button } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { MessageIcon } from "../../../ui/icons.tsx";
import { useMessengerTexts } from "../i18n/messenger-texts.ts";
import { withMessengerChat } from "../model/messenger-url.ts";

/** Opens the messenger on a user over the current page (`?messenger-chat={username}`). */
export function MessageButton({ username, size = "sm" }: { username: string; size?: "xs" | "sm" }) {
  const { t } = useMessengerTexts();
  const { pathname, search } = useLocation();
  const query = withMessengerChat(new URLSearchParams(search), username).toString();
  return (
    <Button
      component={Link}
      to={`${pathname}?${query}`}
      preventScrollReset
      variant="default"
      size={size}
      leftSection={<MessageIcon size={16} />}
      data-testid="message-button"
    >
      {t("button")}
    </Button>
  );
}
