import { Drawer } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { parseLocalePath } from "../../../lib/locale-routing.ts";
import { MESSENGER_CHAT_PARAM, MESSENGER_CLOSE_PARAM, messengerTarget } from "../../../lib/messenger-params.ts";
import { paths } from "../../../lib/paths.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { CountIconLink } from "../../../ui/count-icon-link.tsx";
import { MessageIcon } from "../../../ui/icons.tsx";
import { conversationsQueryOptions } from "../api/messenger-api.ts";
import { useMessengerLive } from "../api/use-messenger-live.ts";
import { useMessengerTexts } from "../i18n/messenger-texts.ts";
import { withoutMessenger } from "../model/messenger-url.ts";
import { useSmallScreen } from "../model/use-small-screen.ts";
import { MessengerChat } from "./messenger-chat.tsx";

/**
 * The messenger as the navbar carries it on every page: a link to the messenger page with the
 * unread count, and the conversation of `?messenger-chat={username}` in a side panel on wide
 * screens. On small screens the same address goes to the messenger page instead; an address with
 * `messenger-close` closes it (docs/decisions/134-messenger-states-and-unread.md).
 */
export function MessengerNav({ userId }: { userId: number }) {
  const { t } = useMessengerTexts();
  const { to } = useLocalizedPaths();
  const isSmall = useSmallScreen();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isMessengerPage = parseLocalePath(pathname).path === paths.messenger;
  const target = messengerTarget(searchParams);
  const conversations = useQuery(conversationsQueryOptions());
  const unread = conversations.data?.meta.unreadTotal ?? 0;
  useMessengerLive(userId);

  const hasClose = searchParams.has(MESSENGER_CLOSE_PARAM);
  useEffect(() => {
    if (hasClose) setSearchParams((current) => withoutMessenger(current), { replace: true, preventScrollReset: true });
  }, [hasClose, setSearchParams]);

  useEffect(() => {
    if (target && isSmall && !isMessengerPage) {
      void navigate(to("messenger", {}, { [MESSENGER_CHAT_PARAM]: target }), { replace: true });
    }
  }, [target, isSmall, isMessengerPage, navigate, to]);

  const close = () => setSearchParams((current) => withoutMessenger(current), { preventScrollReset: true });

  return (
    <>
      <CountIconLink
        to={to("messenger")}
        count={unread}
        label={unread > 0 ? t("navUnread", { count: unread }) : t("nav")}
        icon={<MessageIcon size={20} />}
        testId="messenger-nav"
      />
      <Drawer
        opened={target !== null && !isSmall && !isMessengerPage}
        onClose={close}
        position="right"
        size="md"
        withCloseButton={false}
        padding="md"
        styles={{ body: { height: "100%" } }}
        aria-label={target ? t("chatWith", { user: target }) : undefined}
        data-testid="messenger-drawer"
      >
        {target ? <MessengerChat username={target} onClose={close} /> : null}
      </Drawer>
    </>
  );
}
