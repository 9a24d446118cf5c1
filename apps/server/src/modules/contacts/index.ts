/**
 * The contacts module's public door: trusted and blocked users and the chat-visibility setting.
 * It imports nothing from trades; trades, chat and others ask it about relations.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerContactsPrivateRoutes } from "./contacts.routes.ts";
import { seedDemoContacts } from "./contacts.seed.ts";

export {
  type AcceptChatMessages,
  changeRelation,
  countRelations,
  getChatAcceptance,
  getRelation,
  listContacts,
  type RelationCounts,
  type RelationView,
} from "./contacts.service.ts";

export const contactsModule: SoukModule = {
  name: "contacts",
  privateRoutes: registerContactsPrivateRoutes,
  seedDemo: seedDemoContacts,
};
