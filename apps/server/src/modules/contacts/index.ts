/**
 * The contacts module's public door: trusted and blocked users and the chat-visibility setting.
 * It imports nothing from trades; trades, chat and others ask it about relations.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerContactsPrivateRoutes } from "./contacts.routes.ts";
import { seedDemoContacts } from "./contacts.seed.ts";

export {
  changeRelation,
  countRelations,
  getChatAcceptance,
  getRelation,
  listContacts,
  listRelationsForStaff,
} from "./contacts.service.ts";

export const contactsModule: SoukModule = {
  name: "contacts",
  privateRoutes: registerContactsPrivateRoutes,
  seedDemo: seedDemoContacts,
};
