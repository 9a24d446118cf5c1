import http from "node:http";
import https from "node:https";
import { guardedLookup } from "./address-guard.ts";

export interface SendOutcome {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string | null;
  error: string | null;
}

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 10_000;

/**
 * One POST to a webhook URL through the address guard, with a time limit and a cap on what is
 * read back. Redirects are not followed (a redirect could lead to a refused address).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean },
): Promise<SendOutcome> {
  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers },
        lookup: guardedLookup(options.allowPrivate) as never,
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
          }),
        );
        response.on("error", (error) => resolve({ status: null, headers: {}, body: null, error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve({ status: null, headers: {}, body: null, error: error.message }));
    request.end(body);
  });
}
