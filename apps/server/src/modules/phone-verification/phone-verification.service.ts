import { randomInt } from "node:crypto";
import { ErrorCode, PhoneCodeError, type PhoneCodeErrorValue, type PhoneSettings } from "@souk/contracts";
import { sql } from "kysely";
import { parsePhoneNumberWithError } from "libphonenumber-js/max";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { codeDigest, conflict, DomainError, inputError, type JobQueue } from "../../platform/index.ts";
import { isPhoneVerificationSupported } from "../reference/index.ts";
import { sendSms } from "../sms/index.ts";
import { requireSecondFactor, usesSmsFactor } from "../two-factor/index.ts";
import { refreshKycLevel } from "../verification/index.ts";
import {
  countdownOf,
  decideConfirm,
  decideSend,
  type ParsedPhone,
  PHONE_CODE_TTL_MS,
  PHONE_CODE_WINDOW_MS,
  parsePhone,
  type StoredPhoneCode,
} from "./phone-verification.domain.ts";

type Tables = {
  phone_codes: {
    user_id: number;
    phone: string;
    code_hash: string;
    attempts: number;
    sends: number;
    window_started_at: Date;
    sent_at: Date;
    expires_at: Date;
  };
  /** Read, and the phone columns written (the users module owns the table). */
  users: {
    id: number;
    phone: string | null;
    phone_verified_at: Date | null;
    phone_consent_at: Date | null;
    country_iso: string | null;
    locale: string;
  };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

/** The code's keyed digest, bound to its user and number. */
const hashCode = (db: Db | Tx, userId: number, phone: string, code: string) =>
  codeDigest(db, "phone-code", `${userId}:${phone}:${code}`);

async function lockUser(tx: Tx, userId: number) {
  return t(tx)
    .selectFrom("users")
    .select(["id", "phone", "phone_verified_at", "country_iso", "locale"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

async function storedCode(db: Db | Tx, userId: number): Promise<StoredPhoneCode | null> {
  const row = await t(db).selectFrom("phone_codes").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row
    ? {
        phone: row.phone,
        codeHash: row.code_hash,
        attempts: row.attempts,
        sends: row.sends,
        windowStartedAt: row.window_started_at,
        sentAt: row.sent_at,
        expiresAt: row.expires_at,
      }
    : null;
}

/** A phone-code refusal: the spec's error code (1-5) and, for the limit, the countdown. */
function phoneRefused(
  errorCode: PhoneCodeErrorValue,
  extra: { countdown?: number; isAttemptsExceeded?: boolean } = {},
) {
  const limited = errorCode === PhoneCodeError.LIMIT_EXCEEDED;
  const details = { errorCode, ...extra, ...(limited && extra.countdown ? { retryAfter: extra.countdown } : {}) };
  const message = limited ? "Too many codes asked for; wait for the countdown." : "This number cannot receive a code.";
  return new DomainError(ErrorCode.PHONE_CODE_REFUSED, limited ? "rate_limited" : "validation", message, details);
}

function settingsOf(phone: string | null, verified: boolean, stored: StoredPhoneCode | null): PhoneSettings {
  const shown = phone ?? stored?.phone ?? null;
  const parsed = shown ? parsePhoneNumberWithError(shown) : null;
  return {
    number: parsed?.nationalNumber ?? null,
    code: parsed?.countryCallingCode ?? null,
    ...countdownOf(stored, new Date()),
    isVerified: verified,
  };
}

/** The phone settings: the number on the account (or being verified), and the countdown. */
export async function getPhoneSettings(db: Db, userId: number): Promise<PhoneSettings> {
  const user = await t(db)
    .selectFrom("users")
    .select(["phone", "phone_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const verified = user.phone_verified_at !== null;
  return settingsOf(verified ? user.phone : null, verified, await storedCode(db, userId));
}

/** The text message in the user's locale (English for any other). */
function smsText(locale: string, code: string): string {
  if (locale === "fr") return `Votre code de vérification Souk est ${code}. Il est valable 10 minutes.`;
  return `Your Souk phone verification code is ${code}. It is valid for 10 minutes.`;
}

async function readPhone(db: Db, phone: string, defaultCountry: string | null): Promise<ParsedPhone> {
  const parsed = parsePhone(phone, defaultCountry);
  if (!parsed.ok) throw phoneRefused(parsed.error);
  if (!(await isPhoneVerificationSupported(db, parsed.phone.country)))
    throw phoneRefused(PhoneCodeError.SMS_NOT_SUPPORTED);
  return parsed.phone;
}

async function assertPhoneFree(tx: Tx, userId: number, e164: string): Promise<void> {
  const holder = await t(tx)
    .selectFrom("users")
    .select("id")
    .where("phone", "=", e164)
    .where("phone_verified_at", "is not", null)
    .where("id", "<>", userId)
    .executeTakeFirst();
  if (holder) throw inputError({ phone: ["phone_unavailable"] }, "This number cannot be used.");
}

export interface SendPhoneCodeInput {
  phone: string;
  call: boolean;
  isCitizenshipConsentAccepted: boolean;
}

/** POST users/send-phone-code: a new 6-digit code by text message (or call) to the number. */
export async function sendPhoneCode(
  db: Db,
  jobs: JobQueue,
  userId: number,
  input: SendPhoneCodeInput,
): Promise<PhoneSettings> {
  if (!input.isCitizenshipConsentAccepted)
    throw inputError({ isCitizenshipConsentAccepted: ["consent_required"] }, "Accept the consent to continue.");
  const country = (await t(db).selectFrom("users").select("country_iso").where("id", "=", userId).executeTakeFirst())
    ?.country_iso;
  const phone = await readPhone(db, input.phone, country ?? null);
  return withTx(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.phone_verified_at) throw conflict("A verified phone is on the account; reset it first.");
    await assertPhoneFree(tx, userId, phone.e164);
    const now = new Date();
    const stored = await storedCode(tx, userId);
    const decision = decideSend(stored, now);
    if (!decision.ok) throw phoneRefused(PhoneCodeError.LIMIT_EXCEEDED, countdownOf(stored, now));
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const row = {
      phone: phone.e164,
      code_hash: await hashCode(tx, userId, phone.e164, code),
      attempts: 0,
      sends: decision.sends,
      window_started_at: decision.windowStartedAt,
      sent_at: now,
      expires_at: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    };
    await t(tx)
      .insertInto("phone_codes")
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
      .execute();
    await t(tx).updateTable("users").set({ phone_consent_at: now }).where("id", "=", userId).execute();
    const text = smsText(user.locale, code);
    await sendSms(tx, jobs, { to: phone.e164, text, channel: input.call ? "call" : "sms" });
    return settingsOf(null, false, {
      ...row,
      codeHash: row.code_hash,
      windowStartedAt: now,
      sentAt: now,
      expiresAt: row.expires_at,
    });
  });
}

const CONFIRM_REFUSALS = {
  no_code: "phone_code.none",
  expired: "phone_code.expired",
  too_many_attempts: "phone_code.too_many_attempts",
  wrong: "phone_code.wrong",
} as const;

/**
 * POST users/confirm-phone. The user row is locked, so parallel tries are counted one after
 * another; a wrong code's attempt is committed before the refusal. A used code is spent (its
 * expiry set to now) but its row stays, so the day's send count survives.
 */
export async function confirmPhone(db: Db, userId: number, phoneCode: string): Promise<PhoneSettings> {
  const outcome = await withTx(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.phone_verified_at) throw conflict("The phone is already verified.");
    const stored = await storedCode(tx, userId);
    const result = decideConfirm(stored, await hashCode(tx, userId, stored?.phone ?? "", phoneCode), new Date());
    const codes = t(tx).updateTable("phone_codes").where("user_id", "=", userId);
    if (result === "wrong") await codes.set({ attempts: sql`attempts + 1` }).execute();
    if (result === "confirmed" && stored) {
      await assertPhoneFree(tx, userId, stored.phone);
      await t(tx)
        .updateTable("users")
        .set({ phone: stored.phone, phone_verified_at: sql`now()` })
        .where("id", "=", userId)
        .execute();
      await refreshKycLevel(tx, userId);
      await codes.set({ expires_at: sql`now()` }).execute();
    }
    return result;
  });
  if (outcome !== "confirmed")
    throw inputError({ phoneCode: [CONFIRM_REFUSALS[outcome]] }, "The code was not accepted.");
  return getPhoneSettings(db, userId);
}

/**
 * POST users/reset-phone: the number leaves the account; a pending code is spent, the day's count
 * stays. With a second factor on, its code is asked first (and used up), as for a password change:
 * a stolen session must not take the number away.
 */
export async function resetPhone(db: Db, userId: number, code?: string): Promise<PhoneSettings> {
  if (await usesSmsFactor(db, userId))
    throw conflict("Your second factor sends its codes to this number; choose another factor first.");
  await requireSecondFactor(db, userId, "account", code, "code");
  await withTx(db, async (tx) => {
    await lockUser(tx, userId);
    await t(tx)
      .updateTable("users")
      .set({ phone: null, phone_verified_at: null, phone_consent_at: null })
      .where("id", "=", userId)
      .execute();
    await refreshKycLevel(tx, userId);
    await t(tx).updateTable("phone_codes").set({ expires_at: sql`now()` }).where("user_id", "=", userId).execute();
  });
  return getPhoneSettings(db, userId);
}

/**
 * The cleanup job's part: a phone code row goes once its code has expired and its day's send
 * window is over (until then it carries the send count). Returns how many went.
 */
export async function pruneExpiredPhoneCodes(db: Db, now = new Date()): Promise<number> {
  const pruned = await t(db)
    .deleteFrom("phone_codes")
    .where("expires_at", "<", now)
    .where("window_started_at", "<", new Date(now.getTime() - PHONE_CODE_WINDOW_MS))
    .executeTakeFirst();
  return Number(pruned.numDeletedRows);
}
