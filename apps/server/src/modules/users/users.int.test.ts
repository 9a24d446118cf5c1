import { currentUserSchema, publicProfileSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { cancelTrade, castForTrades, openTrade } from "../../../test/trade-scenario.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("current user", () => {
  it("has every field of the spec with honest defaults", async () => {
    const user = await t.signUp({ countryIso: "US" });
    const response = await user.get("/rest/v1/users/current_user");
    expect(response.status).toBe(200);
    const me = currentUserSchema.parse(response.body.data);
    expect(me).toMatchObject({
      username: user.user!.username,
      currency: "USD",
      currencyId: 144,
      fiatCurrencyCode: "USD",
      locale: "en",
      urlLocale: "",
      isVendor: false,
      completedTrades: 0,
      hasActiveTrades: false,
      twoFactor: { release: false, login: false, sendout: false },
      isBanned: false,
      isStaff: false,
      acceptChatMessages: "YES",
    });
    expect(me.country).toMatchObject({ iso: "US" });
    expect(me.verification.email).toBe(true);
    expect(me.verification.isFullyVerified).toBe(false);
  });

  it("says whether the user has offers switched on, any offer, and open trades", async () => {
    const cast = await castForTrades(t);
    const flags = async (client: typeof cast.seller.client) => {
      const me = (await client.get("/rest/v1/users/current_user")).body.data;
      return [me.hasActiveBuyOffers, me.hasActiveSellOffers, me.hasOffers, me.hasActiveTrades];
    };
    expect(await flags(cast.seller.client)).toEqual([false, true, true, false]);
    expect(await flags(cast.buyer.client)).toEqual([false, false, false, false]);
    const tradeId = await openTrade(cast, "10");
    expect(await flags(cast.seller.client)).toEqual([false, true, true, true]);
    expect(await flags(cast.buyer.client)).toEqual([false, false, false, true]);
    await cancelTrade(cast, tradeId);
    expect(await flags(cast.buyer.client)).toEqual([false, false, false, false]);
    await sql`UPDATE offers SET is_active = false WHERE id_hashed = ${cast.offerId}`.execute(t.ownerDb);
    expect(await flags(cast.seller.client)).toEqual([false, false, true, false]);
  });

  it("reports roles and restriction flags as stored", async () => {
    const user = await t.signUp({ roles: ["user", "vendor", "moderator"] });
    await sql`UPDATE users SET is_frozen = true, is_restricted = true WHERE id = ${user.user!.id}`.execute(t.ownerDb);
    const me = (await user.get("/rest/v1/users/current_user")).body.data;
    expect(me.roles).toEqual(["user", "vendor", "moderator"]);
    expect(me).toMatchObject({ isVendor: true, isStaff: true, isFrozen: true, isRestricted: true, isSuspended: false });
  });

  it("is refused without a session", async () => {
    const response = await t.client().get("/rest/v1/users/current_user");
    expect(response.status).toBe(401);
    expect(response.body.errors.code).toBe("ERROR_UNAUTHENTICATED");
  });
});

describe("public profile", () => {
  it("shows the public fields and nothing private", async () => {
    const user = await t.signUp();
    const response = await t.client().get(`/rest/v1/users/${user.user!.username}`);
    expect(response.status).toBe(200);
    const profile = publicProfileSchema.parse(response.body.data);
    expect(profile.username).toBe(user.user!.username);
    expect(profile.verification.email).toBe(true);
    expect(response.body.data).not.toHaveProperty("email");
    expect(response.text).not.toContain(user.user!.email);
  });

  it("is a 404 for an unknown or banned user", async () => {
    expect((await t.client().get("/rest/v1/users/nobody_at_all")).status).toBe(404);
    const banned = await t.signUp();
    await sql`UPDATE users SET is_banned = true WHERE id = ${banned.user!.id}`.execute(t.ownerDb);
    const response = await t.client().get(`/rest/v1/users/${banned.user!.username}`);
    expect(response.status).toBe(404);
    expect(response.body.errors.code).toBe("ERROR_USER_NOT_FOUND");
  });
});

describe("settings", () => {
  it("saves the theme, chat visibility and fiat currency", async () => {
    const user = await t.signUp();
    const response = await user.post("/rest/v1/users/settings", {
      siteTheme: "dark",
      acceptChatMessages: "TRUSTED_ONLY",
      fiatCurrencyCode: "eur",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      siteTheme: "dark",
      acceptChatMessages: "TRUSTED_ONLY",
      fiatCurrencyCode: "EUR",
    });
  });

  it.each([
    ["x".repeat(1001), "bio_max"],
    ["call me at +1 555 123 4567", "bio_contact_error"],
    ["mail me: me@example.com", "bio_contact_error"],
    ["join t.me/mychannel", "bio_contact_error"],
    [Array.from({ length: 13 }, (_, i) => `line ${i}`).join("\n"), "bio_limit"],
  ])("refuses a bio with the key the spec names (%#)", async (bio, key) => {
    const user = await t.signUp();
    const response = await user.post("/rest/v1/users/settings", { bio });
    expect(response.status).toBe(422);
    expect(response.body.errors.details.bio).toEqual([key]);
  });

  it.each([
    ["ten", "notification_digits_error"],
    ["-5", "notification_digits_error"],
    ["100000", "notification_error"],
  ])("refuses the notification interval %s", async (value, key) => {
    const user = await t.signUp();
    const response = await user.post("/rest/v1/users/settings", { notifyTradeMessagesInterval: value });
    expect(response.status).toBe(422);
    expect(response.body.errors.details.notifyTradeMessagesInterval).toEqual([key]);
  });

  it("refuses unknown fields and unknown currencies", async () => {
    const user = await t.signUp();
    const unknownField = await user.post("/rest/v1/users/settings", { isAdmin: true });
    expect(unknownField.status).toBe(422);
    const unknownCurrency = await user.post("/rest/v1/users/settings", { fiatCurrencyCode: "XXX" });
    expect(unknownCurrency.status).toBe(422);
    expect(unknownCurrency.body.errors.details.fiatCurrencyCode).toEqual(["fiat_currency_unknown"]);
  });

  it("is refused without a session", async () => {
    const response = await t.client().post("/rest/v1/users/settings", { bio: "x" });
    expect(response.status).toBe(401);
  });
});
