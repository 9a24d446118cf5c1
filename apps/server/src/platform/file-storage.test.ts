import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDirectoryStorage, newStorageKey } from "./file-storage.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "souk-files-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("local directory storage", () => {
  it("writes, reads and removes a file under a server-made key", async () => {
    const storage = new LocalDirectoryStorage(root);
    const key = newStorageKey("chat");
    expect(key).toMatch(/^chat\/[0-9a-f-]{36}$/);
    await storage.put(key, Buffer.from("hello"));
    expect((await storage.get(key))?.toString()).toBe("hello");
    expect(await storage.has(key)).toBe(true);
    expect((await stat(path.join(root, key))).mode & 0o777).toBe(0o600);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.has(key)).toBe(false);
  });

  it("refuses keys that could leave its directory", async () => {
    const storage = new LocalDirectoryStorage(root);
    for (const key of ["../etc/passwd", "chat/../../x", "/abs/path", "chat", "chat/a b", "chat/.."]) {
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/storage key/);
    }
  });
});
