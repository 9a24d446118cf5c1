import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { deliverPendingSms, listSms } from "../sms/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let numbers = 0;
/** A French mobile number no other test uses. */
function mobile(): string {
  numbers += 1;
  return `+33 6 12 ${String(numbers).padStart(2, "0")} ${String(Math.floor(Math.random() * 100)).padStart(2, "0")} 78`;
}

async function lastCodeTo(e164: string): Promise<string> {
  const message = (await listSms(t.db, 500)).find((row) => row.to_phone === e164);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}

const e164 = (typed: string) => typed.replace(/\s/g, "");
const send = (user: TestClient, phone: string, extra: Record<string, unknown> = {}) =>
  user.post("/rest/v1/users/send-phone-code", { phone, call: false, isCitizenshipConsentAccepted: true, ...extra });

describe("phone verification", () => {
  it("sends a code by text, confirms it, and the account shows the verified phone", async () => {
    const user = await t.signUp();
    const phone = mobile();
    const sent = await send(user, phone);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ code: "33", isVerified: false, isAttemptsExceeded: false });
    expect(sent.body.data.countdown).toBeGreaterThan(0);
    const confirmed = await user.post("/rest/v1/users/confirm-phone", { phoneCode: await lastCodeTo(e164(phone)) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ isVerified: true, number: e164(phone).slice(3), code: "33" });
    const me = (await user.get("/rest/v1/users/current_user")).body.data;
    expect(me.phone).toBe(e164(phone));
    expect(me.verification.phone).toBe(true);
    const again = await user.post("/rest/v1/users/confirm-phone", { phoneCode: "000000" });
    expect(again.status).toBe(409);
  });

  it("stores the code hashed and sends a call when asked", async () => {
    const user = await t.signUp();
    const phone = mobile();
    await send(user, phone, { call: true });
    const code = await lastCodeTo(e164(phone));
    const { rows } = await sql<{
      code_hash: string;
    }>`SELECT code_hash FROM phone_codes WHERE user_id = ${user.user!.id}`.execute(t.ownerDb);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect((await listSms(t.db, 500)).find((row) => row.to_phone === e164(phone))?.channel).toBe("call");
  });

  it.each([
    ["not a number", 2],
    ["+44 7700 900123", 3],
    ["+33 1 23 45 67 89", 4],
    ["+58 412 1234567", 5],
  ])("refuses %s with error code %i and sends nothing", async (phone, errorCode) => {
    const user = await t.signUp();
    const before = (await listSms(t.db, 1))[0]?.id;
    const response = await send(user, phone);
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({ code: "ERROR_PHONE_CODE_REFUSED", details: { errorCode } });
    expect((await listSms(t.db, 1))[0]?.id).toBe(before);
  });

  it("reads a national number with the account's country", async () => {
    const user = await t.signUp({ countryIso: "FR" });
    const response = await send(user, "06 98 76 54 32");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ number: "698765432", code: "33" });
  });

  it("asks for the consent", async () => {
    const user = await t.signUp();
    const response = await send(user, mobile(), { isCitizenshipConsentAccepted: false });
    expect(response.status).toBe(422);
    expect(response.body.errors.details.isCitizenshipConsentAccepted).toEqual(["consent_required"]);
  });

  it("counts down between sends and stops after five a day (error code 1)", async () => {
    const user = await t.signUp();
    const phone = mobile();
    await send(user, phone);
    const soon = await send(user, phone);
    expect(soon.status).toBe(429);
    expect(soon.body.errors.details).toMatchObject({ errorCode: 1, isAttemptsExceeded: false });
    expect(soon.body.errors.details.countdown).toBeGreaterThan(0);
    expect(soon.headers["retry-after"]).toBe(String(soon.body.errors.details.countdown));
    await sql`UPDATE phone_codes SET sent_at = now() - interval '2 minutes', sends = 5 WHERE user_id = ${user.user!.id}`.execute(
      t.ownerDb,
    );
    const exceeded = await send(user, phone);
    expect(exceeded.status).toBe(429);
    expect(exceeded.body.errors.details).toMatchObject({ errorCode: 1, isAttemptsExceeded: true });
    expect(exceeded.body.errors.details.countdown).toBeGreaterThan(23 * 3600);
    expect((await user.get("/rest/v1/users/phone-settings")).body.data.isAttemptsExceeded).toBe(true);
    await sql`UPDATE phone_codes SET window_started_at = now() - interval '25 hours' WHERE user_id = ${user.user!.id}`.execute(
      t.ownerDb,
    );
    expect((await send(user, phone)).status).toBe(200);
  });

  it("refuses wrong codes, stops after five, and refuses an expired code", async () => {
    const user = await t.signUp();
    const phone = mobile();
    await send(user, phone);
    const code = await lastCodeTo(e164(phone));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) {
      const response = await user.post("/rest/v1/users/confirm-phone", { phoneCode: wrong });
      expect(response.body.errors.details.phoneCode).toEqual(["phone_code.wrong"]);
    }
    const locked = await user.post("/rest/v1/users/confirm-phone", { phoneCode: code });
    expect(locked.body.errors.details.phoneCode).toEqual(["phone_code.too_many_attempts"]);

    const other = await t.signUp();
    const otherPhone = mobile();
    await send(other, otherPhone);
    await sql`UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${other.user!.id}`.execute(
      t.ownerDb,
    );
    const expired = await other.post("/rest/v1/users/confirm-phone", { phoneCode: await lastCodeTo(e164(otherPhone)) });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.details.phoneCode).toEqual(["phone_code.expired"]);
    const malformed = await other.post("/rest/v1/users/confirm-phone", { phoneCode: "12345" });
    expect(malformed.status).toBe(422);
  });

  it("resets the phone, keeps the day's count, and refuses a number another account verified", async () => {
    const owner = await t.signUp();
    const phone = mobile();
    await send(owner, phone);
    await owner.post("/rest/v1/users/confirm-phone", { phoneCode: await lastCodeTo(e164(phone)) });
    const taker = await t.signUp();
    const taken = await send(taker, phone);
    expect(taken.status).toBe(422);
    expect(taken.body.errors.details.phone).toEqual(["phone_unavailable"]);

    const reset = await owner.post("/rest/v1/users/reset-phone");
    expect(reset.status).toBe(200);
    expect(reset.body.data.isVerified).toBe(false);
    const me = (await owner.get("/rest/v1/users/current_user")).body.data;
    expect([me.phone, me.verification.phone]).toEqual([null, false]);
    const { rows } = await sql<{
      sends: number;
    }>`SELECT sends FROM phone_codes WHERE user_id = ${owner.user!.id}`.execute(t.ownerDb);
    expect(rows[0]!.sends).toBe(1);
    expect((await send(taker, phone)).status).toBe(200);
  });

  it("is refused without a session", async () => {
    expect((await t.client().post("/rest/v1/users/reset-phone")).status).toBe(401);
    expect((await t.client().get("/rest/v1/users/phone-settings")).status).toBe(401);
  });

  it("keeps messages in the outbox with the dev adapter", async () => {
    const user = await t.signUp();
    const phone = mobile();
    await send(user, phone);
    await deliverPendingSms(t.db, {});
    expect((await listSms(t.db, 500)).find((row) => row.to_phone === e164(phone))?.status).toBe("held");
  });
});
