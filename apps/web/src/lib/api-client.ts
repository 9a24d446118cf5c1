import {
  CSRF_HEADER,
  type ErrorBody,
  type ErrorCode,
  IDEMPOTENCY_HEADER,
  LEDGER_RETRY_ATTEMPTS,
  LEDGER_RETRY_DELAY_MS,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  SLOW_REQUEST_MS,
} from "@souk/contracts";
import type { z } from "zod";
import type { CommonErrorsStore } from "./common-errors.ts";
import type { ErrorReport } from "./report-error.ts";

/**
 * The HTTP helper of the web app (docs/product.md#requests-and-errors): JSON in and out,
 * session cookie, CSRF token and XHR marker on every call, the key-casing flag in the query,
 * typed errors, 401 to the log-in page, reports of 401/500/slow calls, and the ledger-busy retry.
 */

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type KeyCase = "camelCase" | "snake_case";

export interface ApiRequestInfo {
  method: HttpMethod;
  url: string;
}

/** Code of the error body made up on the client when the server could not be reached. */
export const NETWORK_ERROR_CODE = "ERROR_NETWORK";
/** Code of the error body made up on the client when an answer does not match its schema. */
const INVALID_ANSWER_CODE = "ERROR_INVALID_ANSWER";
const UNKNOWN_ERROR_MESSAGE = "Unknown error";

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly request: ApiRequestInfo;

  constructor(status: number, body: ErrorBody, request: ApiRequestInfo) {
    super(body.errors.message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.request = request;
  }

  get code(): string {
    return this.body.errors.code;
  }

  get details(): Record<string, unknown> | null {
    return this.body.errors.details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  query?: Record<string, QueryValue>;
  /** JSON body (a FormData is sent as multipart); ignored for GET. */
  body?: unknown;
  /** When given, the answer is parsed with it and the parsed value is returned. */
  schema?: S;
  /**
   * Calls that move money send an Idempotency-Key so a replay returns the first answer. Pass a
   * key, or `true` to make one; the same key is kept across retries of this call.
   */
  idempotencyKey?: string | true;
  signal?: AbortSignal;
  keyCase?: KeyCase;
  /**
   * Calls that expect a 401 as an ordinary answer (the log-in form, the "who am I" probe, a
   * best-effort settings save) set this so the user is not sent to the log-in page.
   */
  skipUnauthorizedRedirect?: boolean;
  headers?: Record<string, string>;
}

type ApiAnswer<S> = S extends z.ZodType ? z.output<S> : unknown;

export interface ApiClientDependencies {
  fetch?: typeof fetch;
  getCsrfToken: () => string;
  /** Fetches a fresh CSRF token; used once when a call is refused for a stale token. */
  refreshCsrfToken?: () => Promise<void>;
  onUnauthorized?: (request: ApiRequestInfo) => void;
  report?: (report: ErrorReport) => void;
  commonErrors?: Pick<CommonErrorsStore, "show" | "hide">;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  ledgerRetryAttempts?: number;
  ledgerRetryDelayMs?: number;
  slowRequestMs?: number;
  createIdempotencyKey?: () => string;
}

export interface ApiClient {
  request<S extends z.ZodType | undefined = undefined>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions<S>,
  ): Promise<ApiAnswer<S>>;
  get<S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: Omit<RequestOptions<S>, "body">,
  ): Promise<ApiAnswer<S>>;
  post<S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<S>, "body">,
  ): Promise<ApiAnswer<S>>;
  put<S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<S>, "body">,
  ): Promise<ApiAnswer<S>>;
  patch<S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<S>, "body">,
  ): Promise<ApiAnswer<S>>;
  delete<S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: Omit<RequestOptions<S>, "body">,
  ): Promise<ApiAnswer<S>>;
  /**
   * POSTs a multipart form (file uploads) through the same path as every call: CSRF token and
   * its one refresh, the 401 redirect, reports, the ledger-busy retry and the typed errors.
   */
  postMultipart<S extends z.ZodType | undefined = undefined>(
    path: string,
    form: FormData,
    options?: Omit<RequestOptions<S>, "body">,
  ): Promise<ApiAnswer<S>>;
}

function buildRequestUrl(path: string, query: Record<string, QueryValue> | undefined, keyCase: KeyCase): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  params.set("keyCase", keyCase);
  return `${path}${path.includes("?") ? "&" : "?"}${params.toString()}`;
}

function makeErrorBody(message: string, code: string, details: Record<string, unknown> | null = null): ErrorBody {
  return { errors: { message, code, details } };
}

/**
 * Checks a failure body against the shape of contracts' errorBodySchema. Written out by hand so
 * the client (part of the first page load) does not need zod; the type is still the contracts one.
 */
function isErrorBody(value: unknown): value is ErrorBody {
  if (!isPlainObject(value) || !isPlainObject(value.errors)) return false;
  const { message, code, details } = value.errors;
  return typeof message === "string" && typeof code === "string" && (details === null || isPlainObject(details));
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function defaultIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// The two codes this client acts on, as literals the type checker holds to the contracts' list: the
// list itself is not code every page's first load needs.
const LEDGER_BUSY: (typeof ErrorCode)["LEDGER_BUSY"] = "ERROR_LEDGER_ASYNC_MODE";
const STALE_CSRF: (typeof ErrorCode)["CSRF"] = "ERROR_CSRF_TOKEN";

/** A 503 answered to a write while the ledger runs asynchronously: the same call is sent again. */
function isLedgerBusy(error: ApiError, method: HttpMethod): boolean {
  return error.status === 503 && (method === "POST" || method === "PUT") && error.code === LEDGER_BUSY;
}

function isStaleCsrfToken(error: ApiError, method: HttpMethod): boolean {
  return method !== "GET" && error.status === 403 && error.code === STALE_CSRF;
}

/**
 * The spec re-sends a ledger-busy call "with extra post data from the answer": when the 503 body
 * carries `details.extraPostData` (an object), its fields are merged into the next body.
 */
function withExtraPostData(body: unknown, error: ApiError): unknown {
  const extra = error.details?.extraPostData;
  if (!isPlainObject(extra)) return body;
  if (body === undefined || body === null) return { ...extra };
  if (!isPlainObject(body)) return body;
  return { ...body, ...extra };
}

export function createApiClient(dependencies: ApiClientDependencies): ApiClient {
  const fetchImpl = dependencies.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = dependencies.sleep ?? defaultSleep;
  const now = dependencies.now ?? (() => Date.now());
  const report = dependencies.report ?? (() => {});
  const ledgerRetryAttempts = dependencies.ledgerRetryAttempts ?? LEDGER_RETRY_ATTEMPTS;
  const ledgerRetryDelayMs = dependencies.ledgerRetryDelayMs ?? LEDGER_RETRY_DELAY_MS;
  const slowRequestMs = dependencies.slowRequestMs ?? SLOW_REQUEST_MS;
  const createIdempotencyKey = dependencies.createIdempotencyKey ?? defaultIdempotencyKey;

  async function sendOnce(
    request: ApiRequestInfo,
    body: unknown,
    headers: Record<string, string>,
    options: RequestOptions<z.ZodType | undefined>,
  ): Promise<unknown> {
    const init: RequestInit = {
      method: request.method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        [CSRF_HEADER]: dependencies.getCsrfToken(),
        [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        ...headers,
      },
    };
    if (options.signal) init.signal = options.signal;
    if (body instanceof FormData) {
      // The browser writes the multipart Content-Type with its boundary.
      init.body = body;
    } else if (request.method !== "GET" && body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["Content-Type"] = "application/json";
    }

    const startedAt = now();
    let response: Response;
    try {
      response = await fetchImpl(request.url, init);
    } catch (cause) {
      if (isAbortError(cause) || options.signal?.aborted) throw cause;
      report({ kind: "network_error", message: UNKNOWN_ERROR_MESSAGE, ...request, error: cause });
      throw new ApiError(0, makeErrorBody(UNKNOWN_ERROR_MESSAGE, NETWORK_ERROR_CODE), request);
    }
    const json = await readJson(response).catch(() => undefined);
    const durationMs = now() - startedAt;
    if (durationMs > slowRequestMs) {
      report({ kind: "slow_request", message: `Request took ${durationMs} ms`, ...request, durationMs });
    }

    if (!response.ok) {
      const errorBody = isErrorBody(json)
        ? json
        : makeErrorBody(response.statusText || UNKNOWN_ERROR_MESSAGE, `HTTP_${response.status}`);
      const error = new ApiError(response.status, errorBody, request);
      if (response.status === 401 || response.status === 500) {
        report({ kind: "http_error", message: error.message, status: response.status, ...request, durationMs });
      }
      throw error;
    }

    if (!options.schema) return json;
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) {
      report({ kind: "invalid_answer", message: parsed.error.message, status: response.status, ...request });
      throw new ApiError(
        response.status,
        makeErrorBody("The server answered in an unexpected shape", INVALID_ANSWER_CODE, {
          issues: parsed.error.issues,
        }),
        request,
      );
    }
    return parsed.data;
  }

  async function request<S extends z.ZodType | undefined = undefined>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<S> = {},
  ): Promise<ApiAnswer<S>> {
    const info: ApiRequestInfo = { method, url: buildRequestUrl(path, options.query, options.keyCase ?? "camelCase") };
    const headers: Record<string, string> = { ...options.headers };
    if (options.idempotencyKey !== undefined) {
      headers[IDEMPOTENCY_HEADER] = options.idempotencyKey === true ? createIdempotencyKey() : options.idempotencyKey;
    }

    let body = options.body;
    let ledgerAttempt = 0;
    let isBusyModalShown = false;
    let hasRefreshedCsrf = false;
    try {
      for (;;) {
        try {
          return (await sendOnce(info, body, headers, options)) as ApiAnswer<S>;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          if (isLedgerBusy(error, method) && ledgerAttempt < ledgerRetryAttempts) {
            ledgerAttempt += 1;
            if (!isBusyModalShown) {
              dependencies.commonErrors?.show("ledger_busy");
              isBusyModalShown = true;
            }
            body = withExtraPostData(body, error);
            await sleep(ledgerRetryDelayMs * ledgerAttempt, options.signal);
            continue;
          }
          if (isStaleCsrfToken(error, method) && !hasRefreshedCsrf && dependencies.refreshCsrfToken) {
            hasRefreshedCsrf = true;
            await dependencies.refreshCsrfToken();
            continue;
          }
          if (error.status === 401 && !options.skipUnauthorizedRedirect) {
            dependencies.onUnauthorized?.(info);
          }
          throw error;
        }
      }
    } finally {
      if (isBusyModalShown) dependencies.commonErrors?.hide("ledger_busy");
    }
  }

  return {
    request,
    get: (path, options) => request("GET", path, options),
    post: (path, body, options) => request("POST", path, { ...options, body }),
    put: (path, body, options) => request("PUT", path, { ...options, body }),
    patch: (path, body, options) => request("PATCH", path, { ...options, body }),
    delete: (path, options) => request("DELETE", path, options),
    postMultipart: (path, form, options) => request("POST", path, { ...options, body: form }),
  };
}
