import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_PROPORTION,
  AVATAR_MIN_SIDE,
  AVATAR_SIDE,
  type AvatarRefusal,
  type CurrentUser,
} from "@souk/contracts";
import sharp from "sharp";
import { type Db, withTx } from "../../db/pool.ts";
import {
  checkAttachment,
  type FileStorage,
  inputError,
  notFound,
  type StoredFileReply,
  type UploadedFile,
  withStoredFiles,
} from "../../platform/index.ts";
import { getCurrentUser } from "./users.service.ts";

/**
 * Avatars (docs/decisions/026-upload-checks.md, "Avatars"): the upload checks of every file, then
 * the shape of an avatar, then a square WebP of AVATAR_SIDE pixels is what is stored and served.
 */
const FOLDER = "avatars";
const URL_PREFIX = "/rest/v1/avatars/";
/** The checked image is at most this large before it is cut square (it keeps its proportions). */
const CHECKED_MAX_SIDE = 1024;

const refused = (reason: AvatarRefusal) => inputError({ files: [reason] }, "The avatar was refused.");

/** Pure: what is wrong with an image of this size as an avatar, or null. */
export function avatarShapeRefusal(width: number, height: number): AvatarRefusal | null {
  const shorter = Math.min(width, height);
  if (shorter < AVATAR_MIN_SIDE) return "avatar_too_small";
  if (Math.max(width, height) > shorter * AVATAR_MAX_PROPORTION) return "avatar_proportions";
  return null;
}

/** The upload, checked by content and cut to the stored square; refusals in the envelope's `files`. */
async function avatarImage(files: UploadedFile[]): Promise<Buffer> {
  const [file] = files;
  if (!file) throw refused("attachment_required");
  const checked = await checkAttachment(file, {
    maxBytes: AVATAR_MAX_BYTES,
    maxImageSide: CHECKED_MAX_SIDE,
    maxPdfPages: 1,
  });
  if (!checked.ok) throw refused(checked.reason as AvatarRefusal);
  if (checked.file.kind !== "image") throw refused("attachment_type_not_allowed");
  const shape = avatarShapeRefusal(checked.file.width ?? 0, checked.file.height ?? 0);
  if (shape) throw refused(shape);
  return sharp(checked.file.bytes)
    .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: "cover", position: "attention" })
    .webp({ quality: 85 })
    .toBuffer();
}

const keyOfUrl = (url: string | null) =>
  url?.startsWith(URL_PREFIX) ? `${FOLDER}/${url.slice(URL_PREFIX.length)}` : null;

/**
 * POST users/process-avatar: the new image is stored, then the user's avatarUrl points at it in
 * one statement (the stored file goes again if that fails); the image it replaces is removed after.
 */
export async function processAvatar(
  db: Db,
  storage: FileStorage,
  userId: number,
  files: UploadedFile[],
): Promise<CurrentUser> {
  const bytes = await avatarImage(files);
  const previous = await withStoredFiles(storage, FOLDER, [{ bytes }], async ([stored]) =>
    withTx(db, async (tx) => {
      const users = tx.withTables<{ users: { id: bigint; avatar_url: string | null } }>();
      const row = await users
        .selectFrom("users")
        .select("avatar_url")
        .where("id", "=", BigInt(userId))
        .forUpdate()
        .executeTakeFirstOrThrow();
      const id = stored?.key.slice(FOLDER.length + 1) ?? "";
      await users
        .updateTable("users")
        .set({ avatar_url: `${URL_PREFIX}${id}` })
        .where("id", "=", BigInt(userId))
        .execute();
      return row.avatar_url;
    }),
  );
  const previousKey = keyOfUrl(previous);
  if (previousKey) await storage.remove(previousKey).catch(() => {});
  return getCurrentUser(db, userId);
}

/** GET avatars/{id}: a stored avatar, public like the profiles that show it. */
export async function readAvatar(storage: FileStorage, id: string): Promise<StoredFileReply> {
  const bytes = await storage.get(`${FOLDER}/${id}`);
  if (!bytes) throw notFound("No such avatar.");
  return { bytes, contentType: "image/webp", fileName: "avatar.webp", isInline: true };
}
