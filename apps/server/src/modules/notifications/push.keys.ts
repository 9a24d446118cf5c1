import webpush from "web-push";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/pool.ts";
import { findOrCreateSecret } from "../../platform/index.ts";

/** The name of the VAPID key pair in platform_secrets; made by the first copy that starts. */
const VAPID_KEYS_NAME = "notifications.vapid-keys";

/** The server's VAPID key pair, base64url as the Push API takes them (public: the raw P-256 point). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const loaded = new WeakMap<Db, Promise<VapidKeys>>();

async function load(db: Db): Promise<VapidKeys> {
  const text = await findOrCreateSecret(db, VAPID_KEYS_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(text) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The VAPID keys (docs/decisions/097-web-push.md): kept in the database so every server copy signs
 * alike and a browser's subscription outlives a restart; read once per database handle. The
 * private key leaves this module only inside a signed request.
 */
export function vapidKeysOf(db: Db): Promise<VapidKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = load(db);
    loaded.set(db, keys);
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}

/** Pure: the VAPID subject: WEB_PUSH_SUBJECT, else `mailto:` and MAIL_FROM's address. */
export function vapidSubjectOf(config: Pick<Config, "WEB_PUSH_SUBJECT" | "MAIL_FROM">): string {
  if (config.WEB_PUSH_SUBJECT) return config.WEB_PUSH_SUBJECT;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}
