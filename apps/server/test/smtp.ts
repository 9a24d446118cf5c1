import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { deliverPendingMail } from "../src/modules/mail/index.ts";
import { createTestApp, type TestApp } from "./harness.ts";

export interface TestSmtp {
  url: string;
  /** Every mail the server accepted, parsed, in arrival order. */
  received: ParsedMail[];
  /** While true the server refuses every message with a temporary error (451). */
  refuse: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that parses what it accepts (smtp-server, mailparser). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = { url: "", received: [], refuse: false, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on("end", () => callback(new Error("451 try later")));
        return;
      }
      simpleParser(stream).then((mail) => {
        state.received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(resolve));
  return state;
}

/** Every received mail to this address, oldest first. */
function mailsTo(smtp: TestSmtp, email: string): ParsedMail[] {
  return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(email));
}

/** The newest received mail to this address. */
export function lastMailTo(smtp: TestSmtp, email: string): ParsedMail | undefined {
  return mailsTo(smtp, email).at(-1);
}

/**
 * A test app and a real SMTP server beside it: both start before the file's tests (`use` gets
 * them) and close after them.
 */
export function onAppWithSmtp(
  overrides: Parameters<typeof createTestApp>[0],
  use: (app: TestApp, smtp: TestSmtp) => void,
): void {
  let app: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    app = await createTestApp(overrides);
    smtp = await startTestSmtp();
    use(app, smtp);
  });
  afterAll(async () => {
    await smtp?.close();
    await app?.close();
  });
}

/** Delivers the app's outbox through the test SMTP server, then every mail it holds for `email`. */
export async function deliverMailTo(app: TestApp, smtp: TestSmtp, email: string): Promise<ParsedMail[]> {
  await deliverPendingMail(app.db, { ...app.config, SMTP_URL: smtp.url });
  return mailsTo(smtp, email);
}
