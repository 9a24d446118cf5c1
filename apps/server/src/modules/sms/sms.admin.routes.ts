import { devSmsListResponseSchema } from "@souk/contracts";
import { type AppDeps, envelope, requireRole, type SoukRoutes } from "../../platform/index.ts";
import { isSmsMailboxOpen, toDevSms } from "./sms.mailbox.ts";
import { listSms } from "./sms.outbox.ts";

/** The text messages of the admins' dev mailbox: what `sms:list` prints, in a browser. */
export function registerSmsAdminRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/admin/sms",
    {
      onRequest: requireRole("admin"),
      schema: {
        tags: ["admin", "sms"],
        summary: "The dev mailbox's text messages: the newest 50 of the outbox while the dev adapter holds them",
        response: { 200: devSmsListResponseSchema },
      },
    },
    async () => {
      if (!isSmsMailboxOpen(deps.config)) return envelope({ isOpen: false, items: [] });
      return envelope({ isOpen: true, items: (await listSms(deps.db)).map(toDevSms) });
    },
  );
}
