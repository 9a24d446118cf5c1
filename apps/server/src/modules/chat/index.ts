/**
 * The chat module's door: trade chat (messages, the trade's events as system messages, checked
 * attachments) and the messenger's direct messages. Files are stored through the platform's
 * storage adapter.
 * It reads trades and relations through their doors; nothing in trades imports it.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerChatPrivateRoutes } from "./chat.routes.ts";
import { seedDemoChat } from "./chat.seed.ts";

export {
  downloadAttachment,
  listChat,
  postAttachments,
  postMessage,
} from "./chat.service.ts";

export const chatModule: SoukModule = {
  name: "chat",
  privateRoutes: registerChatPrivateRoutes,
  seedDemo: seedDemoChat,
};
