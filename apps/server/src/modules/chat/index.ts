/**
 * The chat module's door: trade chat (messages, the trade's events as system messages, checked
 * attachments), the messenger's direct messages, and the file storage adapter.
 * It reads trades and relations through their doors; nothing in trades imports it.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerChatPrivateRoutes } from "./chat.routes.ts";
import { seedDemoChat } from "./chat.seed.ts";

export { type FileStorage, fileStorageFor, LocalDirectoryStorage, newStorageKey } from "./file-storage.ts";

export const chatModule: SoukModule = {
  name: "chat",
  privateRoutes: registerChatPrivateRoutes,
  seedDemo: seedDemoChat,
};
