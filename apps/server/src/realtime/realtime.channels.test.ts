import { describe, expect, it } from "vitest";
import type { Db } from "../db/pool.ts";
import type { SoukModule, Viewer } from "../platform/index.ts";
import {
  channelAuthorizer,
  channelFor,
  collectChannels,
  marketChannel,
  parseChannel,
  userChannel,
} from "./realtime.channels.ts";

const db = {} as Db;
const viewer = (userId: number) => ({ userId }) as Viewer;

describe("channel names", () => {
  it("builds the user, trade and market channel names", () => {
    expect(channelFor.user(42)).toBe("user.42");
    expect(channelFor.trade("9f3k2")).toBe("trade.9f3k2");
    expect(channelFor.market()).toBe("market");
  });

  it("splits a name into its family and id at the first dot", () => {
    expect(parseChannel("trade.abc-1_2")).toEqual({ prefix: "trade", id: "abc-1_2" });
    expect(parseChannel("market")).toEqual({ prefix: "market", id: "" });
  });

  it("rejects names that are not channel names", () => {
    for (const name of ["", "User.1", "user.", "user.1.2", ".1", "user 1", "user.1;drop", "a".repeat(201)]) {
      expect(parseChannel(name)).toBeNull();
    }
  });
});

describe("channel access", () => {
  const modules: SoukModule[] = [{ name: "realtime", channels: [userChannel, marketChannel] }];
  const authorize = channelAuthorizer(collectChannels(modules));

  it("lets a user follow their own channel and nobody else's", async () => {
    expect(await authorize(db, viewer(42), "user.42")).toBe(true);
    expect(await authorize(db, viewer(43), "user.42")).toBe(false);
    expect(await authorize(db, null, "user.42")).toBe(false);
  });

  it("opens the market channel to visitors and users alike", async () => {
    expect(await authorize(db, null, "market")).toBe(true);
    expect(await authorize(db, viewer(1), "market")).toBe(true);
    expect(await authorize(db, null, "market.extra")).toBe(false);
  });

  it("refuses a channel of a family no module declared", async () => {
    expect(await authorize(db, viewer(42), "secret.42")).toBe(false);
  });

  it("refuses to start when two modules claim the same family", () => {
    const clash: SoukModule[] = [
      ...modules,
      { name: "other", channels: [{ prefix: "user", authorize: async () => true }] },
    ];
    expect(() => collectChannels(clash)).toThrow(/declared twice/);
  });
});
