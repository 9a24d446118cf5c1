/**
 * The mail module's door: every module sends mail through `queueMail` inside its own transaction;
 * the `mail.deliver` job delivers after commit over SMTP_URL, or keeps it in the outbox (the admins'
 * dev mailbox, `GET /rest/v1/admin/mail`).
 */
import type { JobDefinition, SoukModule } from "../../platform/index.ts";
import { registerMailAdminRoutes } from "./mail.admin.routes.ts";
import { mailListCommand, mailShowCommand } from "./mail.commands.ts";
import { DELIVER_MAIL_JOB, deliverPendingMail } from "./mail.service.ts";

export { countMailFailuresSince, deliverPendingMail, getMail, listMail, queueMail } from "./mail.service.ts";
export { mailLocaleOf } from "./mail.templates.ts";

const deliverMailJob: JobDefinition = {
  name: DELIVER_MAIL_JOB,
  schedule: "* * * * *",
  async handler(_data, context) {
    const sent = await deliverPendingMail(context.db, context.config);
    if (sent > 0) context.log.info({ sent }, "mail delivered");
  },
};

export const mailModule: SoukModule = {
  name: "mail",
  privateRoutes: async (app, deps) => registerMailAdminRoutes(app, deps),
  jobs: [deliverMailJob],
  commands: [mailListCommand, mailShowCommand],
};
