import { randomUUID } from "node:crypto";
import { multipartBody, type TestClient, type TestResponse } from "../harness.ts";
import { pngImage } from "../sample-files.ts";

/** What both hostile suites hold every answer to. */

/**
 * Whether an answer is in the API's envelope: a failure is exactly `{errors: {message, code,
 * details}}`; a JSON success is `{data, meta}`. Files (downloads, attachments) are not JSON.
 */
export function envelopeProblem(response: TestResponse): string | null {
  const contentType = String(response.headers["content-type"] ?? "");
  const isJson = contentType.includes("application/json");
  if (response.status >= 400) {
    if (!isJson) return `a ${response.status} answer is ${contentType || "without a type"}, not JSON`;
    const body = response.body as { errors?: Record<string, unknown> } | null;
    const errors = body?.errors;
    const isEnvelope =
      body !== null &&
      typeof body === "object" &&
      Object.keys(body).length === 1 &&
      errors !== undefined &&
      typeof errors.message === "string" &&
      typeof errors.code === "string" &&
      "details" in errors &&
      (errors.details === null || typeof errors.details === "object");
    return isEnvelope ? null : `a ${response.status} answer is not the error envelope: ${response.text.slice(0, 200)}`;
  }
  if (isJson) {
    const body = response.body as Record<string, unknown> | null;
    const isEnvelope = body !== null && typeof body === "object" && "data" in body && "meta" in body;
    return isEnvelope
      ? null
      : `a ${response.status} answer is not the success envelope: ${response.text.slice(0, 200)}`;
  }
  return null;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

let png: Promise<Buffer> | null = null;

/** Sends a request as the suites do: a fresh Idempotency-Key on every change, JSON or one PNG. */
export async function send(
  client: TestClient,
  method: string,
  url: string,
  payload: { json?: unknown; upload?: Record<string, string> } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = method === "GET" ? {} : { "idempotency-key": randomUUID() };
  if (payload.upload) {
    png ??= pngImage();
    const file = { bytes: await png, name: "file.png", type: "image/png" };
    const { body, contentType } = await multipartBody([file], payload.upload);
    return client.request(method as "POST", url, body, { headers: { ...headers, "content-type": contentType } });
  }
  const hasBody = method !== "GET" && method !== "DELETE";
  return client.request(method as "POST", url, hasBody ? (payload.json ?? {}) : undefined, { headers });
}
