import { createHash, randomInt } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The device id (decision 091): 32 random letters and digits kept by the browser in an httpOnly
 * cookie, set at its first visit or log-in and kept for a year. A user's known devices are kept
 * as hashes of it (a log-in from another one is a new device), so the id itself is never stored.
 */
export const DEVICE_COOKIE = "souk_device";
export const DEVICE_ID_LENGTH = 32;
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const DEVICE_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${DEVICE_ID_LENGTH}}$`);

/** Whether a cookie's value is a device id Souk could have issued; anything else is replaced. */
export function isDeviceId(value: unknown): value is string {
  return typeof value === "string" && DEVICE_ID_PATTERN.test(value);
}

export function newDeviceId(): string {
  let id = "";
  for (let i = 0; i < DEVICE_ID_LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function hashDeviceId(deviceId: string): string {
  return createHash("sha256").update(deviceId).digest("hex");
}

/** What the sessions list shows of a device id: its last six characters. */
export function deviceIdEnd(deviceId: string): string {
  return deviceId.slice(-6);
}

/** The request's device id: the cookie's when it is a valid one, else a new one set on the reply. */
export function deviceIdOf(request: FastifyRequest, reply: FastifyReply, options: { secure: boolean }): string {
  const existing = request.cookies[DEVICE_COOKIE];
  if (isDeviceId(existing)) return existing;
  const deviceId = newDeviceId();
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  // Later reads in this same request see the new value.
  request.cookies[DEVICE_COOKIE] = deviceId;
  return deviceId;
}
