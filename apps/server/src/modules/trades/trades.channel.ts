import { TRADE_CHANNEL_PREFIX } from "@souk/contracts";
import type { ChannelDefinition } from "../../platform/index.ts";
import { isPublicId } from "../../platform/index.ts";
import { roleOf } from "./trades.lookup.ts";
import * as repo from "./trades.repo.ts";

/** `trade.<idHashed>`: the trade's two parties and staff (moderators follow disputes); nobody else. */
export const tradeChannel: ChannelDefinition = {
  prefix: TRADE_CHANNEL_PREFIX,
  async authorize(db, viewer, id) {
    if (!viewer || !isPublicId(id)) return false;
    const row = await repo.findTradeByIdHashed(db, id);
    return row !== undefined && roleOf(row, viewer) !== null;
  },
};
