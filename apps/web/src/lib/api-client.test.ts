import { ErrorCode, LEDGER_RETRY_DELAY_MS } from "@souk/contracts";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type ApiClientDependencies, ApiError, createApiClient, NETWORK_ERROR_CODE } from "./api-client.ts";
import type { ErrorReport } from "./report-error.ts";

type FetchCall = { url: string; init: RequestInit };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function errorBody(code: string, message = "Failed", details: Record<string, unknown> | null = null) {
  return { errors: { message, code, details } };
}

/** A client over a scripted fetch: each call takes the next answer. */
function setUp(answers: Array<Response | Error>, overrides: Partial<ApiClientDependencies> = {}) {
  const calls: FetchCall[] = [];
  const reports: ErrorReport[] = [];
  const sleeps: number[] = [];
  const modal = { show: vi.fn(), hide: vi.fn() };
  const onUnauthorized = vi.fn();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error("No scripted answer left");
    if (next instanceof Error) throw next;
    return next;
  });
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getCsrfToken: () => "csrf-1",
    onUnauthorized,
    report: (report) => reports.push(report),
    commonErrors: modal,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    createIdempotencyKey: () => "generated-key",
    ...overrides,
  });
  return { client, calls, reports, sleeps, modal, onUnauthorized };
}

function headerOf(call: FetchCall | undefined, name: string): string | undefined {
  return (call?.init.headers as Record<string, string> | undefined)?.[name];
}

/** A client whose first answer refuses a stale CSRF token; the refresh hands out "new". */
function setUpStaleCsrf() {
  let token = "old";
  const refreshCsrfToken = vi.fn(async () => {
    token = "new";
  });
  const scripted = setUp([jsonResponse(403, errorBody(ErrorCode.CSRF)), jsonResponse(200, { data: null })], {
    getCsrfToken: () => token,
    refreshCsrfToken,
  });
  return { ...scripted, refreshCsrfToken };
}

describe("api client requests", () => {
  it("sends JSON with the CSRF token, the XHR marker, same-origin cookies and the camelCase flag", async () => {
    const { client, calls } = setUp([jsonResponse(200, { data: { ok: true }, meta: null })]);

    const answer = await client.post("/rest/v1/things", { name: "x" }, { query: { page: 2, tags: ["a", "b"] } });

    expect(answer).toEqual({ data: { ok: true }, meta: null });
    const [call] = calls;
    expect(call?.url).toBe("/rest/v1/things?page=2&tags=a&tags=b&keyCase=camelCase");
    expect(call?.init.method).toBe("POST");
    expect(call?.init.credentials).toBe("same-origin");
    expect(call?.init.body).toBe('{"name":"x"}');
    expect(headerOf(call, "x-csrf-token")).toBe("csrf-1");
    expect(headerOf(call, "x-requested-with")).toBe("XMLHttpRequest");
    expect(headerOf(call, "Content-Type")).toBe("application/json");
  });

  it("supports every method and can ask for snake_case keys", async () => {
    const { client, calls } = setUp([
      jsonResponse(200, {}),
      jsonResponse(200, {}),
      jsonResponse(200, {}),
      jsonResponse(200, {}),
      jsonResponse(204, undefined),
    ]);

    await client.get("/a", { keyCase: "snake_case" });
    await client.put("/b", { x: 1 });
    await client.patch("/c", { x: 1 });
    await client.post("/d");
    const deleted = await client.delete("/e");

    expect(calls.map((call) => call.init.method)).toEqual(["GET", "PUT", "PATCH", "POST", "DELETE"]);
    expect(calls[0]?.url).toBe("/a?keyCase=snake_case");
    expect(calls[0]?.init.body).toBeUndefined();
    expect(deleted).toBeNull();
  });

  it("sends an Idempotency-Key when asked, making one up on request", async () => {
    const { client, calls } = setUp([jsonResponse(200, {}), jsonResponse(200, {})]);

    await client.post("/pay", {}, { idempotencyKey: "key-123" });
    await client.post("/pay", {}, { idempotencyKey: true });

    expect(headerOf(calls[0], "idempotency-key")).toBe("key-123");
    expect(headerOf(calls[1], "idempotency-key")).toBe("generated-key");
  });

  it("parses the answer with the given schema", async () => {
    const schema = z.object({ data: z.object({ count: z.number() }) });
    const { client } = setUp([jsonResponse(200, { data: { count: 3 }, meta: null })]);

    const answer = await client.get("/count", { schema });

    expect(answer.data.count).toBe(3);
  });

  it("refuses an answer that does not match its schema", async () => {
    const schema = z.object({ data: z.object({ count: z.number() }) });
    const { client, reports } = setUp([jsonResponse(200, { data: { count: "three" } })]);

    await expect(client.get("/count", { schema })).rejects.toMatchObject({ code: "ERROR_INVALID_ANSWER" });
    expect(reports.map((report) => report.kind)).toEqual(["invalid_answer"]);
  });
});

describe("api client errors", () => {
  it("throws an ApiError with the status, the parsed body and the request", async () => {
    const body = errorBody(ErrorCode.INPUT_VALIDATION, "Invalid input", { password: ["password_needs_digit"] });
    const { client } = setUp([jsonResponse(422, body)]);

    const error = await client.post("/rest/v1/auth/register", {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.body).toEqual(body);
    expect(apiError.message).toBe("Invalid input");
    expect(apiError.code).toBe(ErrorCode.INPUT_VALIDATION);
    expect(apiError.request).toEqual({ method: "POST", url: "/rest/v1/auth/register?keyCase=camelCase" });
  });

  it("makes up an error body when the failure is not JSON", async () => {
    const { client } = setUp([new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" })]);

    const error = (await client.get("/x").catch((caught: unknown) => caught)) as ApiError;

    expect(error.status).toBe(502);
    expect(error.body.errors).toEqual({ message: "Bad Gateway", code: "HTTP_502", details: null });
  });

  it("turns a network failure into status 0 with 'Unknown error'", async () => {
    const { client, reports } = setUp([new TypeError("Failed to fetch")]);

    const error = (await client.get("/x").catch((caught: unknown) => caught)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe("Unknown error");
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(reports.map((report) => report.kind)).toEqual(["network_error"]);
  });

  it("lets an aborted request fail as an abort, not as an API error", async () => {
    const controller = new AbortController();
    controller.abort();
    const { client } = setUp([new DOMException("Aborted", "AbortError")]);

    const error = await client.get("/x", { signal: controller.signal }).catch((caught: unknown) => caught);

    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("sends a 401 to the log-in page and reports it", async () => {
    const { client, onUnauthorized, reports } = setUp([jsonResponse(401, errorBody(ErrorCode.UNAUTHENTICATED))]);

    await expect(client.get("/rest/v1/wallet")).rejects.toMatchObject({ status: 401 });

    expect(onUnauthorized).toHaveBeenCalledWith({ method: "GET", url: "/rest/v1/wallet?keyCase=camelCase" });
    expect(reports).toMatchObject([{ kind: "http_error", status: 401 }]);
  });

  it("leaves a 401 to the caller when it expects one", async () => {
    const { client, onUnauthorized } = setUp([jsonResponse(401, errorBody(ErrorCode.INVALID_CREDENTIALS))]);

    await expect(client.post("/rest/v1/auth/login", {}, { skipUnauthorizedRedirect: true })).rejects.toMatchObject({
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("reports a 500 but not an ordinary 4xx", async () => {
    const { client, reports } = setUp([
      jsonResponse(500, errorBody(ErrorCode.INTERNAL)),
      jsonResponse(404, errorBody(ErrorCode.NOT_FOUND)),
    ]);

    await client.get("/a").catch(() => {});
    await client.get("/b").catch(() => {});

    expect(reports).toMatchObject([{ kind: "http_error", status: 500, url: "/a?keyCase=camelCase" }]);
  });

  it("reports a request slower than 10 seconds, even when it succeeds", async () => {
    const times = [0, 10_001];
    const { client, reports } = setUp([jsonResponse(200, {})], { now: () => times.shift() ?? 0 });

    await client.get("/slow");

    expect(reports).toMatchObject([{ kind: "slow_request", durationMs: 10_001 }]);
  });

  it("fetches a fresh CSRF token once and resends a call refused for a stale token", async () => {
    const { client, calls, refreshCsrfToken } = setUpStaleCsrf();

    await client.post("/x", {});

    expect(refreshCsrfToken).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => headerOf(call, "x-csrf-token"))).toEqual(["old", "new"]);
  });
});

describe("api client multipart uploads", () => {
  function form(): FormData {
    const data = new FormData();
    data.append("requirementId", "r1");
    data.append("files", new Blob(["png"], { type: "image/png" }), "a.png");
    return data;
  }

  it("sends the form as it is, with the CSRF token and no JSON Content-Type, and parses the answer", async () => {
    const { client, calls } = setUp([jsonResponse(200, { data: { id: 7 }, meta: null })]);
    const sent = form();

    const answer = await client.postMultipart("/rest/v1/trades/t/upload", sent, {
      schema: z.object({ data: z.object({ id: z.number() }) }),
    });

    expect(answer).toEqual({ data: { id: 7 } });
    const [call] = calls;
    expect(call?.url).toBe("/rest/v1/trades/t/upload?keyCase=camelCase");
    expect(call?.init.method).toBe("POST");
    expect(call?.init.body).toBe(sent);
    expect(headerOf(call, "x-csrf-token")).toBe("csrf-1");
    expect(headerOf(call, "x-requested-with")).toBe("XMLHttpRequest");
    expect(headerOf(call, "Content-Type")).toBeUndefined();
  });

  it("sends a 401 to the log-in page", async () => {
    const { client, onUnauthorized } = setUp([jsonResponse(401, errorBody("ERROR_UNAUTHORIZED"))]);

    await expect(client.postMultipart("/upload", form())).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("fetches a fresh CSRF token once and resends the same form", async () => {
    const { client, calls, refreshCsrfToken } = setUpStaleCsrf();
    const sent = form();

    await client.postMultipart("/upload", sent);

    expect(refreshCsrfToken).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => headerOf(call, "x-csrf-token"))).toEqual(["old", "new"]);
    expect(calls.map((call) => call.init.body)).toEqual([sent, sent]);
  });

  it("throws the refusal's ApiError with its details for the form to show", async () => {
    const refusal = errorBody("ERROR_VALIDATION", "Bad file", { files: ["too_large"] });
    const { client } = setUp([jsonResponse(422, refusal)]);

    const error = await client.postMultipart("/upload", form()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).details).toEqual({ files: ["too_large"] });
  });
});

describe("api client ledger-busy retry", () => {
  const busy = () => jsonResponse(503, errorBody(ErrorCode.LEDGER_BUSY, "Ledger busy"));

  it("retries a POST answered 503 ledger-busy with a growing delay until it succeeds", async () => {
    const { client, calls, sleeps, modal } = setUp([
      busy(),
      busy(),
      busy(),
      jsonResponse(200, { data: { released: true } }),
    ]);

    const answer = await client.post("/rest/v1/trade/7/release", { code: "1" }, { idempotencyKey: "release-7" });

    expect(answer).toEqual({ data: { released: true } });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([LEDGER_RETRY_DELAY_MS, LEDGER_RETRY_DELAY_MS * 2, LEDGER_RETRY_DELAY_MS * 3]);
    expect(calls.every((call) => headerOf(call, "idempotency-key") === "release-7")).toBe(true);
    expect(modal.show).toHaveBeenCalledTimes(1);
    expect(modal.show).toHaveBeenCalledWith("ledger_busy");
    expect(modal.hide).toHaveBeenCalledTimes(1);
  });

  it("re-sends the extra post data the busy answer carries", async () => {
    const busyWithData = jsonResponse(
      503,
      errorBody(ErrorCode.LEDGER_BUSY, "Ledger busy", { extraPostData: { stateMachine: "s-42" } }),
    );
    const { client, calls } = setUp([busyWithData, jsonResponse(200, {})]);

    await client.put("/rest/v1/my-offers/abc/status", { new_status: true });

    expect(calls[1]?.init.body).toBe('{"new_status":true,"stateMachine":"s-42"}');
  });

  it("stops after the allowed attempts, hides the modal and throws the last error", async () => {
    const { client, calls, modal } = setUp([busy(), busy(), busy()], { ledgerRetryAttempts: 2 });

    await expect(client.post("/x", {})).rejects.toMatchObject({ status: 503, code: ErrorCode.LEDGER_BUSY });

    expect(calls).toHaveLength(3);
    expect(modal.show).toHaveBeenCalledTimes(1);
    expect(modal.hide).toHaveBeenCalledTimes(1);
  });

  it("hides the modal when a retry fails with another error", async () => {
    const { client, modal } = setUp([busy(), jsonResponse(409, errorBody(ErrorCode.CONFLICT))]);

    await expect(client.post("/x", {})).rejects.toMatchObject({ status: 409 });

    expect(modal.show).toHaveBeenCalledTimes(1);
    expect(modal.hide).toHaveBeenCalledTimes(1);
  });

  it("does not retry reads or other 503 answers", async () => {
    const { client, calls, modal } = setUp([busy(), jsonResponse(503, errorBody(ErrorCode.SERVICE_BUSY))]);

    await expect(client.get("/x")).rejects.toMatchObject({ status: 503 });
    await expect(client.post("/y", {})).rejects.toMatchObject({ code: ErrorCode.SERVICE_BUSY });

    expect(calls).toHaveLength(2);
    expect(modal.show).not.toHaveBeenCalled();
  });
});
