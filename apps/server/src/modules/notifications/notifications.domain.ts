import {
  type AccountEventFact,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_GROUP_OF,
  NOTIFICATION_GROUPS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationGroup,
  type NotificationPayload,
  type NotificationSettings,
  PAGE_PATHS,
  type TradeStatus,
} from "@souk/contracts";

/** A text excerpt in a notification is at most this long. */
const TEXT_EXCERPT_LENGTH = 140;

/** The notification a trade status announces, or null for statuses nobody is told about. */
export function tradeEventOf(status: TradeStatus): NotificationEvent | null {
  if (status === "active_funded") return "trade.started";
  if (status === "paid") return "trade.paid";
  if (status === "released") return "trade.released";
  if (status === "expired" || status.startsWith("cancelled")) return "trade.cancelled_or_expired";
  if (status === "dispute_open") return "trade.dispute_started";
  if (status.startsWith("dispute_won_") || status === "dispute_awarded") return "trade.dispute_finished";
  return null;
}

export interface TradeParties {
  buyerId: number;
  sellerId: number;
  offerOwnerId: number;
}

/**
 * Who hears of a trade status: the party who did not cause it. A trade is started by the taker
 * (the owner hears), marked paid by the buyer, released by the seller, cancelled by the one its
 * status names; an expiry, a dispute and its decision concern both.
 */
export function tradeRecipientsOf(status: TradeStatus, parties: TradeParties): number[] {
  const { buyerId, sellerId, offerOwnerId } = parties;
  if (status === "active_funded") return [offerOwnerId];
  if (status === "paid") return [sellerId];
  if (status === "released") return [buyerId];
  if (status === "cancelled_buyer") return [sellerId];
  if (status === "cancelled_seller") return [buyerId];
  return [buyerId, sellerId];
}

/** The channels a user's settings choose for an event; missing choices take the default. */
export function channelsFor(
  event: NotificationEvent,
  chosen: readonly { group: NotificationGroup; channel: NotificationChannel; isEnabled: boolean }[],
): NotificationChannel[] {
  const group = NOTIFICATION_GROUP_OF[event];
  return NOTIFICATION_CHANNELS.filter((channel) => {
    const choice = chosen.find((row) => row.group === group && row.channel === channel);
    return choice ? choice.isEnabled : NOTIFICATION_DEFAULTS[group][channel];
  });
}

/** The settings table as the API shows it: every group and channel, defaults filled in. */
export function settingsTableOf(
  chosen: readonly { group: NotificationGroup; channel: NotificationChannel; isEnabled: boolean }[],
): NotificationSettings["groups"] {
  return NOTIFICATION_GROUPS.map((group) => {
    const channels = { ...NOTIFICATION_DEFAULTS[group] };
    for (const row of chosen) if (row.group === group) channels[row.channel] = row.isEnabled;
    return { group, channels };
  });
}

/** The facts of a trade a notification carries (read through the trades module's door). */
export interface TradeFacts {
  idHashed: string;
  status: TradeStatus;
  buyerId: number;
  buyerUsername: string;
  sellerUsername: string;
  cryptoAmount: string;
  cryptoCurrencyCode: string;
  fiatAmount: string;
  fiatCurrencyCode: string;
  paymentMethodName: string;
  expiresAt: Date;
}

/** What a trader needs without opening the site, for one recipient, at `now`. */
export function tradePayloadOf(
  trade: TradeFacts,
  recipientId: number,
  now: Date,
  extra: { text?: string | null; rating?: string | null } = {},
): NotificationPayload {
  const isUnpaid = trade.status === "active_funded";
  const secondsLeft = Math.max(0, Math.floor((trade.expiresAt.getTime() - now.getTime()) / 1000));
  const text = extra.text ?? null;
  return {
    cryptoAmount: trade.cryptoAmount,
    cryptoCurrencyCode: trade.cryptoCurrencyCode,
    fiatAmount: trade.fiatAmount,
    fiatCurrencyCode: trade.fiatCurrencyCode,
    paymentMethodName: trade.paymentMethodName,
    counterparty: recipientId === trade.buyerId ? trade.sellerUsername : trade.buyerUsername,
    paymentWindowEndsAt: isUnpaid ? trade.expiresAt.toISOString() : null,
    paymentWindowSecondsLeft: isUnpaid ? secondsLeft : null,
    text:
      text === null ? null : text.length > TEXT_EXCERPT_LENGTH ? `${text.slice(0, TEXT_EXCERPT_LENGTH - 1)}…` : text,
    rating: extra.rating ?? null,
    link: PAGE_PATHS.viewTrade.replace(":id", trade.idHashed),
  };
}

/** What a notification of a fact other than a trade carries: the amount and coin, a text, a reason, the link. */
export function accountPayloadOf(fact: AccountEventFact): NotificationPayload {
  return {
    cryptoAmount: fact.cryptoAmount ?? null,
    cryptoCurrencyCode: fact.cryptoCurrencyCode ?? null,
    fiatAmount: null,
    fiatCurrencyCode: null,
    paymentMethodName: null,
    counterparty: fact.counterparty ?? null,
    paymentWindowEndsAt: null,
    paymentWindowSecondsLeft: null,
    text: fact.text ?? null,
    rating: null,
    reason: fact.reason ?? null,
    link: fact.link,
  };
}
