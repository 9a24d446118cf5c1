import { devMailIdParamsSchema, devMailListResponseSchema, devMailResponseSchema } from "@souk/contracts";
import { type AppDeps, envelope, notFound, requireRole, type SoukRoutes } from "../../platform/index.ts";
import { isMailboxOpen, toDevMail, toDevMailSummary } from "./mail.mailbox.ts";
import { getMail, listMail } from "./mail.service.ts";

/** The dev mailbox of the admins: what `mail:list` and `mail:show` print, in a browser. */
export function registerMailAdminRoutes(app: SoukRoutes, deps: AppDeps): void {
  const adminOnly = requireRole("admin");

  app.get(
    "/rest/v1/admin/mail",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "mail"],
        summary: "The dev mailbox: the newest 50 mails of the outbox while mail is held (no SMTP_URL)",
        response: { 200: devMailListResponseSchema },
      },
    },
    async () => {
      if (!isMailboxOpen(deps.config)) return envelope({ isOpen: false, items: [] });
      const rows = await listMail(deps.db);
      return envelope({ isOpen: true, items: rows.map(toDevMailSummary) });
    },
  );

  app.get(
    "/rest/v1/admin/mail/:id",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "mail"],
        summary: "One mail of the dev mailbox with its text and HTML parts",
        params: devMailIdParamsSchema,
        response: { 200: devMailResponseSchema },
      },
    },
    async (request) => {
      const row = isMailboxOpen(deps.config) ? await getMail(deps.db, String(request.params.id)) : undefined;
      if (!row) throw notFound("No such mail in the dev mailbox.");
      return envelope(toDevMail(row));
    },
  );
}
