import { randomUUID } from "node:crypto";
import { multipartBody, type TestClient, type TestResponse } from "../harness.ts";
import { pngImage } from "../sample-files.ts";

/** What both hostile suites hold every answer to. */

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasExactKeys(value: Body, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => own.includes(key));
}

/** Souk's own: a failure is exactly `{errors: {message, code, details}}`; a success `{data, meta}`. */
function soukProblem(isError: boolean, body: unknown): string | null {
  if (!isError) return isObject(body) && "data" in body && "meta" in body ? null : "not the success envelope";
  const errors = isObject(body) && hasExactKeys(body, ["errors"]) ? body.errors : null;
  const isEnvelope =
    isObject(errors) &&
    typeof errors.message === "string" &&
    typeof errors.code === "string" &&
    "details" in errors &&
    (errors.details === null || typeof errors.details === "object");
  return isEnvelope ? null : "not the error envelope";
}

/** Paxful's error: `{status: "error", timestamp, error: {code, message}, data: {code, message}}`. */
function isPaxfulError(body: unknown): boolean {
  const isCodeAndMessage = (value: unknown) =>
    isObject(value) &&
    hasExactKeys(value, ["code", "message"]) &&
    Number.isInteger(value.code) &&
    typeof value.message === "string";
  return (
    isObject(body) &&
    hasExactKeys(body, ["status", "timestamp", "error", "data"]) &&
    body.status === "error" &&
    Number.isInteger(body.timestamp) &&
    isCodeAndMessage(body.error) &&
    isCodeAndMessage(body.data)
  );
}

/** /paxful/v1: Paxful's error, or `{status: "success", timestamp, data}`. */
function paxfulProblem(isError: boolean, body: unknown): string | null {
  if (isError) return isPaxfulError(body) ? null : "not Paxful's error envelope";
  const isEnvelope =
    isObject(body) &&
    hasExactKeys(body, ["status", "timestamp", "data"]) &&
    body.status === "success" &&
    Number.isInteger(body.timestamp);
  return isEnvelope ? null : "not Paxful's success envelope";
}

/** /oauth2: RFC 6749's `{error, error_description}`; a success is any other object. */
function oauthProblem(isError: boolean, body: unknown): string | null {
  if (!isError) return isObject(body) && !("error" in body) ? null : "not an OAuth2 answer";
  const isShape =
    isObject(body) &&
    typeof body.error === "string" &&
    Object.keys(body).every((key) => key === "error" || key === "error_description") &&
    (body.error_description === undefined || typeof body.error_description === "string");
  return isShape ? null : "not OAuth2's error shape";
}

/**
 * /webhook/v1: FastAPI's `{detail: [{loc, msg, type}, ...]}`. Its 401 is Paxful's, the one answer
 * the Paxful SDK refreshes its token on, shared with /paxful/v1.
 */
function webhookProblem(isError: boolean, body: unknown, status: number): string | null {
  if (!isError) return body !== null && typeof body === "object" && !("detail" in body) ? null : "not a webhook answer";
  if (status === 401 && isPaxfulError(body)) return null;
  const detail = isObject(body) && hasExactKeys(body, ["detail"]) ? body.detail : null;
  const isDetail =
    Array.isArray(detail) &&
    detail.length > 0 &&
    detail.every(
      (item) =>
        isObject(item) &&
        Array.isArray(item.loc) &&
        item.loc.every((part) => typeof part === "string") &&
        typeof item.msg === "string" &&
        typeof item.type === "string",
    );
  return isDetail ? null : "not the webhook API's `detail` shape";
}

/** The shape each part of the API answers in, by path prefix. */
function scopeOf(url: string): "paxful" | "oauth" | "webhook" | "souk" {
  if (url.startsWith("/paxful/v1/")) return "paxful";
  if (url.startsWith("/oauth2/")) return "oauth";
  if (url.startsWith("/webhook/v1/")) return "webhook";
  return "souk";
}

/**
 * Whether an answer is in the envelope of the part of the API it comes from (Souk's, Paxful's,
 * OAuth2's or the webhook API's; see the functions above). Files (downloads, attachments, the
 * public key) are not JSON; neither is the consent page, a page for people (/oauth2/authorize).
 */
export function envelopeProblem(response: TestResponse, url: string): string | null {
  const contentType = String(response.headers["content-type"] ?? "");
  const isJson = contentType.includes("application/json");
  const isError = response.status >= 400;
  const scope = scopeOf(url);
  if (!isJson) {
    if (!isError) return null;
    if (scope === "oauth" && url.startsWith("/oauth2/authorize") && contentType.includes("text/html")) return null;
    return `a ${response.status} answer is ${contentType || "without a type"}, not JSON`;
  }
  const problem =
    scope === "paxful"
      ? paxfulProblem(isError, response.body)
      : scope === "oauth"
        ? oauthProblem(isError, response.body)
        : scope === "webhook"
          ? webhookProblem(isError, response.body, response.status)
          : soukProblem(isError, response.body);
  return problem ? `a ${response.status} answer is ${problem}: ${response.text.slice(0, 200)}` : null;
}

/**
 * Whether an answer is a server error. One 5xx is an answer, not a failure: Paxful's 1013 "not
 * available on Souk", which decision 073 answers with 501 Not Implemented, as Paxful answers what
 * it does not support.
 */
export function isServerError(response: TestResponse, url: string): boolean {
  if (response.status < 500) return false;
  const body = response.body as { error?: { code?: unknown } } | null;
  const isNotOnSouk = response.status === 501 && isPaxfulError(body) && body?.error?.code === 1013;
  return !(scopeOf(url) === "paxful" && isNotOnSouk);
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

let png: Promise<Buffer> | null = null;

/** Sends a request as the suites do: a fresh Idempotency-Key on every change, JSON or one PNG. */
export async function send(
  client: TestClient,
  method: string,
  url: string,
  payload: { json?: unknown; upload?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = {
    ...payload.headers,
    ...(method === "GET" ? {} : { "idempotency-key": randomUUID() }),
  };
  if (payload.upload) {
    png ??= pngImage(64, 64);
    const file = { bytes: await png, name: "file.png", type: "image/png" };
    const { body, contentType } = await multipartBody([file], payload.upload);
    return client.request(method as "POST", url, body, { headers: { ...headers, "content-type": contentType } });
  }
  const hasBody = method !== "GET" && method !== "DELETE";
  return client.request(method as "POST", url, hasBody ? (payload.json ?? {}) : undefined, { headers });
}
