import {
  MARKET_CHANNEL,
  REALTIME_CHANNEL_MAX_LENGTH,
  realtimeChannelSchema,
  TRADE_CHANNEL_PREFIX,
  USER_CHANNEL_PREFIX,
} from "@souk/contracts";
import type { Db } from "../db/pool.ts";
import type { ChannelDefinition, SoukModule, Viewer } from "../platform/index.ts";

/** Channel names, so no module spells `user.` or `trade.` by hand. */
export const channelFor = {
  /** A user's private channel: notifications and changes to their own account. */
  user: (userId: number | string): string => `${USER_CHANNEL_PREFIX}.${userId}`,
  /** One trade: its two parties and the moderators of its dispute (authorised by the trades module). */
  trade: (tradeId: number | string): string => `${TRADE_CHANNEL_PREFIX}.${tradeId}`,
  /** Public market updates (offers appearing, rates moving). */
  market: (): string => MARKET_CHANNEL,
};

export interface ParsedChannel {
  prefix: string;
  /** The part after the first dot; empty for a family with a single channel such as `market`. */
  id: string;
}

/** Splits `trade.abc` into its family and id; null when the name is not a channel name. */
export function parseChannel(channel: string): ParsedChannel | null {
  if (channel.length > REALTIME_CHANNEL_MAX_LENGTH || !realtimeChannelSchema.safeParse(channel).success) return null;
  const dot = channel.indexOf(".");
  return dot < 0 ? { prefix: channel, id: "" } : { prefix: channel.slice(0, dot), id: channel.slice(dot + 1) };
}

/** `user.<id>`: only that user. */
export const userChannel: ChannelDefinition = {
  prefix: USER_CHANNEL_PREFIX,
  authorize: async (_db: Db, viewer: Viewer | null, id: string) => viewer !== null && String(viewer.userId) === id,
};

/** `market`: public data, open to visitors too. */
export const marketChannel: ChannelDefinition = {
  prefix: MARKET_CHANNEL,
  authorize: async (_db: Db, _viewer: Viewer | null, id: string) => id === "",
};

export type ChannelAuthorizer = (db: Db, viewer: Viewer | null, channel: string) => Promise<boolean>;

/**
 * Collects every module's channel families. Two modules claiming one prefix is a start-up error:
 * otherwise the first one would silently decide who may listen to the other's events.
 */
export function collectChannels(modules: readonly SoukModule[]): Map<string, ChannelDefinition> {
  const families = new Map<string, ChannelDefinition>();
  for (const module of modules) {
    for (const definition of module.channels ?? []) {
      if (families.has(definition.prefix)) {
        throw new Error(`real-time channel family "${definition.prefix}" is declared twice (module ${module.name})`);
      }
      families.set(definition.prefix, definition);
    }
  }
  return families;
}

/** Asks the channel's family; an unknown family or a malformed name is refused. */
export function channelAuthorizer(families: Map<string, ChannelDefinition>): ChannelAuthorizer {
  return async (db, viewer, channel) => {
    const parsed = parseChannel(channel);
    const family = parsed ? families.get(parsed.prefix) : undefined;
    if (!parsed || !family) return false;
    return family.authorize(db, viewer, parsed.id);
  };
}
