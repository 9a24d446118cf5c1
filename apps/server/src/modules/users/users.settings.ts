import { BIO_MAX_LENGTH, BIO_MAX_LINES, NOTIFY_TRADE_MESSAGES_INTERVAL_MAX } from "@souk/contracts";

// Contact details in a public bio move trades off the platform, where escrow cannot protect
// anyone; two checks as the spec says: addresses and handles, and phone-like numbers.
const CONTACT_PATTERNS = [
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}/,
  /(https?:\/\/|www\.|t\.me\/|wa\.me\/|telegram|whatsapp|signal\.me)/i,
];
const PHONE_PATTERN = /(\+?\d[\d\s().-]{6,}\d)/;

/** Message keys for a bio, empty when it is acceptable. */
export function checkBio(bio: string): string[] {
  if (bio.length > BIO_MAX_LENGTH) return ["bio_max"];
  if (CONTACT_PATTERNS.some((pattern) => pattern.test(bio)) || PHONE_PATTERN.test(bio)) return ["bio_contact_error"];
  if (bio.split("\n").length > BIO_MAX_LINES) return ["bio_limit"];
  return [];
}

export type IntervalCheck = { ok: true; minutes: number } | { ok: false; errors: string[] };

/** The trade-message notification interval: digits only, at most the maximum. */
export function checkNotifyInterval(value: string | number): IntervalCheck {
  const text = String(value).trim();
  if (!/^\d{1,6}$/.test(text)) return { ok: false, errors: ["notification_digits_error"] };
  const minutes = Number(text);
  if (minutes > NOTIFY_TRADE_MESSAGES_INTERVAL_MAX) return { ok: false, errors: ["notification_error"] };
  return { ok: true, minutes };
}

const TIMEZONES = new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);

/** An IANA time zone name the runtime knows (Europe/Paris, UTC). */
export function isKnownTimezone(name: string): boolean {
  return TIMEZONES.has(name);
}
