import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

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

/** The newest received mail to this address. */
export function lastMailTo(smtp: TestSmtp, email: string): ParsedMail | undefined {
  return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(email)).at(-1);
}
