import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded and generated files live (a local directory by default,
 * an S3-compatible store in production). Keys are chosen by the server (random ids under a
 * folder such as `chat/`), never by an uploader, and the files sit outside the web root.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** null when the file is not there (removed, or the store was wiped). */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

/** A server-made key: `<folder>/<random uuid><suffix>`. */
export function newStorageKey(folder: string, suffix = ""): string {
  return `${folder}/${randomUUID()}${suffix}`;
}

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
}

/** The default adapter: files under `<SOUK_DATA_DIR>/files`, written atomically (temp + rename). */
export class LocalDirectoryStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${randomUUID()}.part`;
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** The storage of a running server, from its configuration. */
export function fileStorageFor(config: { dataDir: string }): FileStorage {
  return new LocalDirectoryStorage(path.join(config.dataDir, "files"));
}

/**
 * Stores each file under a new key in `folder`, then runs `work` with the keys (the transaction
 * that records them). If storing or `work` fails, the files stored so far are removed again, so a
 * refused upload leaves nothing behind.
 */
export async function withStoredFiles<F extends { bytes: Uint8Array }, T>(
  storage: FileStorage,
  folder: string,
  files: readonly F[],
  work: (stored: { key: string; file: F }[]) => Promise<T>,
): Promise<T> {
  const stored: { key: string; file: F }[] = [];
  try {
    for (const file of files) {
      const key = newStorageKey(folder);
      await storage.put(key, file.bytes);
      stored.push({ key, file });
    }
    return await work(stored);
  } catch (error) {
    await Promise.all(stored.map(({ key }) => storage.remove(key).catch(() => {})));
    throw error;
  }
}
