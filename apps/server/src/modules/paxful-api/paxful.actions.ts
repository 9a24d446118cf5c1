import { feedbackActions } from "./groups/feedback.group.ts";
import { notificationActions } from "./groups/notifications.group.ts";
import { offerActions } from "./groups/offers.group.ts";
import { referenceActions } from "./groups/reference.group.ts";
import { tradeChatActions } from "./groups/trade-chat.group.ts";
import { tradeActions } from "./groups/trades.group.ts";
import { userActions } from "./groups/users.group.ts";
import { walletActions } from "./groups/wallet.group.ts";
import type { PaxfulAction } from "./paxful.action.ts";

/** Every action of /paxful/v1, one per path of PAXFUL_ACTION_PATHS (a unit test holds it). */
export const paxfulActions: readonly PaxfulAction[] = [
  ...offerActions,
  ...tradeActions,
  ...tradeChatActions,
  ...userActions,
  ...walletActions,
  ...referenceActions,
  ...feedbackActions,
  ...notificationActions,
];
