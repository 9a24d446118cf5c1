import http from "node:http";
import https from "node:https";
import { ADDRESS_REFUSED, guardedLookup, urlProblem } from "./address-guard.ts";

export interface SendOutcome {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string | null;
  error: string | null;
  /** Why no answer came: the address was refused, the time ran out, or the connection failed. */
  failure: "address_refused" | "timeout" | "connection" | null;
  /** From the request's start to the answer's end (or the failure). */
  durationMs: number;
}

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 10_000;
/** What one delivery may carry: an event is a few hundred bytes, a larger body is a mistake. */
const MAX_WEBHOOK_BODY_BYTES = 256_000;

const NO_ANSWER = { status: null, headers: {}, body: null } as const;
const TIMED_OUT = "timed out";

function failureOf(error: Error): Pick<SendOutcome, "error" | "failure"> {
  const code = (error as NodeJS.ErrnoException).code;
  const failure = code === ADDRESS_REFUSED ? "address_refused" : error.message === TIMED_OUT ? "timeout" : "connection";
  return { error: error.message, failure };
}

/**
 * One POST to a webhook URL (or another URL a user gave, such as a push service endpoint) through
 * the address guard, with a time limit and a cap on what is read back. Redirects are not followed
 * (a redirect could lead to a refused address). The body is JSON unless `headers` names another
 * content-type (lower-case names override the defaults).
 */
export function postWebhook(
  url: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
  options: { allowPrivate: boolean },
): Promise<SendOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  if (Buffer.byteLength(body) > MAX_WEBHOOK_BODY_BYTES) {
    return Promise.resolve({ ...NO_ANSWER, error: "body too large", failure: "connection", durationMs: 0 });
  }
  // An address written in the URL is never looked up, so the guard checks it here, at every send.
  const problem = urlProblem(url, options.allowPrivate);
  if (problem) return Promise.resolve({ ...NO_ANSWER, error: problem, failure: "address_refused", durationMs: 0 });
  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers },
        lookup: guardedLookup(options.allowPrivate),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? null,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            error: null,
            failure: null,
            durationMs: elapsed(),
          }),
        );
        response.on("error", (error) =>
          resolve({ ...NO_ANSWER, error: error.message, failure: "connection", durationMs: elapsed() }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(TIMED_OUT)));
    request.on("error", (error) => resolve({ ...NO_ANSWER, ...failureOf(error), durationMs: elapsed() }));
    request.end(body);
  });
}
