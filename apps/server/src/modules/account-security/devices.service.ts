import { PAGE_PATHS } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { deviceIdEnd, hashDeviceId, type JobQueue } from "../../platform/index.ts";
import { announceAccountEvent } from "../../realtime/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";
import { recordActivity } from "./activity.service.ts";
import { describeDevice } from "./sessions.domain.ts";

type Tables = {
  user_devices: {
    user_id: number;
    device_id_hash: string;
    device_id_end: string;
    user_agent: string | null;
    ip: string | null;
    first_seen_at: Generated<Date>;
    last_seen_at: Generated<Date>;
  };
  /** Read for the notice's address and language (the users module owns the table). */
  users: { id: number; email: string; locale: string };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

/** The device a log-in comes from: its id (the cookie's) and what the request said of itself. */
export interface LogInDevice {
  userId: number;
  deviceId: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Adds the device to the user's known ones (or marks it seen again); true when it was new. The
 * insert decides, so of two parallel log-ins from one new device exactly one finds it new.
 */
async function rememberDevice(tx: Tx, device: LogInDevice): Promise<boolean> {
  const deviceIdHash = hashDeviceId(device.deviceId);
  const inserted = await t(tx)
    .insertInto("user_devices")
    .values({
      user_id: device.userId,
      device_id_hash: deviceIdHash,
      device_id_end: deviceIdEnd(device.deviceId),
      user_agent: device.userAgent?.slice(0, 500) ?? null,
      ip: device.ip,
    })
    .onConflict((oc) => oc.columns(["user_id", "device_id_hash"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (inserted) return true;
  await t(tx)
    .updateTable("user_devices")
    .set({ last_seen_at: sql`now()`, ip: device.ip, user_agent: device.userAgent?.slice(0, 500) ?? null })
    .where("user_id", "=", device.userId)
    .where("device_id_hash", "=", deviceIdHash)
    .execute();
  return false;
}

/** The device an account was created on is its first known one: no notice. */
export async function rememberFirstDevice(tx: Tx, device: LogInDevice): Promise<void> {
  await rememberDevice(tx, device);
}

/**
 * A log-in's device, in the log-in's transaction: a device never seen for this user is
 * remembered, the user is e-mailed (in their language, through the outbox), notified (the bell,
 * their webhook) and the activity log gets a `new_device_login` line. Returns whether the device was new.
 */
export async function settleLogInDevice(
  tx: Tx,
  deps: { jobs: JobQueue; publicUrl: string },
  device: LogInDevice,
): Promise<boolean> {
  if (!(await rememberDevice(tx, device))) return false;
  const user = await t(tx)
    .selectFrom("users")
    .select(["email", "locale"])
    .where("id", "=", device.userId)
    .executeTakeFirst();
  if (user) {
    await queueMail(tx, deps.jobs, {
      to: user.email,
      template: "new-device-login",
      locale: mailLocaleOf(user.locale),
      vars: {
        device: describeDevice(device.userAgent) ?? "",
        ip: device.ip ?? "",
        link: `${deps.publicUrl}/account/devices`,
      },
    });
  }
  await announceNewDevice(tx, device);
  await recordActivity(tx, {
    userId: device.userId,
    type: "new_device_login",
    ip: device.ip,
    userAgent: device.userAgent,
    details: { deviceId: deviceIdEnd(device.deviceId) },
  });
  return true;
}

/** The notification of a new device (docs/decisions/112-one-event-catalogue.md): what and where from. */
function announceNewDevice(tx: Tx, device: LogInDevice): Promise<void> {
  const what = describeDevice(device.userAgent);
  const text = [what, device.ip].filter((part) => part).join(" · ");
  const key = hashDeviceId(device.deviceId).slice(0, 16);
  return announceAccountEvent(tx, device.userId, {
    event: "account.new_device_login",
    subjectId: deviceIdEnd(device.deviceId),
    dedupeKey: `account.new_device_login:${key}`,
    link: PAGE_PATHS.devices,
    text: text || null,
  });
}
