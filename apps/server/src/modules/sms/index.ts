/**
 * The sms module's door: every module sends text messages through `sendSms` inside its own
 * transaction; the `sms.deliver` job hands them to the adapter after commit: the HTTP gateway of
 * SMS_GATEWAY_URL, or the dev adapter, which keeps them in the outbox for `sms:list` and the admins'
 * dev mailbox (`GET /rest/v1/admin/sms`).
 */
import type { JobDefinition, SoukModule } from "../../platform/index.ts";
import { registerSmsAdminRoutes } from "./sms.admin.routes.ts";
import { smsListCommand } from "./sms.commands.ts";
import { DELIVER_SMS_JOB, deliverPendingSms } from "./sms.outbox.ts";

export { deliverPendingSms, listSms, sendSms } from "./sms.outbox.ts";

const deliverSmsJob: JobDefinition = {
  name: DELIVER_SMS_JOB,
  schedule: "* * * * *",
  async handler(_data, context) {
    const handled = await deliverPendingSms(context.db, context.config);
    if (handled > 0) context.log.info({ handled }, "sms delivered");
  },
};

export const smsModule: SoukModule = {
  name: "sms",
  privateRoutes: async (app, deps) => registerSmsAdminRoutes(app, deps),
  jobs: [deliverSmsJob],
  commands: [smsListCommand],
};
