import { randomBytes } from "node:crypto";

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 11 random base-62 characters, like offer ids: unguessable, so ids cannot be enumerated. */
export function newTradeHash(): string {
  const bytes = randomBytes(16);
  let out = "";
  for (let i = 0; i < 11; i += 1) out += ID_ALPHABET[(bytes[i] ?? 0) % 62];
  return out;
}

export function isTradeHash(value: string): boolean {
  return /^[0-9A-Za-z]{11}$/.test(value);
}
