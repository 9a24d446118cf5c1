import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { type ErrorBody, ErrorCode, type ErrorKind, errorKinds } from "@souk/contracts";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DomainError } from "./errors.ts";

function body(code: string, message: string, details: Record<string, unknown> | null = null): ErrorBody {
  return { errors: { message, code, details } };
}

/**
 * Field-keyed details from a schema failure: `{"password": ["password_needs_digit"]}`. The zod type
 * provider puts each issue's path in instancePath (`/a/b`) and its message in message.
 */
export function validationDetails(
  issues: readonly FastifySchemaValidationError[],
  context: string | undefined,
): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || context || "body";
    details[field] ??= [];
    details[field].push(issue.message ?? "invalid");
  }
  return details;
}

// Postgres conditions that mean "try again later" rather than "bug": serialization failures,
// deadlocks, too many connections, a server shutting down or a lost connection.
const BUSY_SQLSTATES = new Set(["40001", "40P01", "53300", "57P01", "57P02", "57P03", "08000", "08003", "08006"]);
const BUSY_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string" && (BUSY_SQLSTATES.has(code) || BUSY_NODE_CODES.has(code))) return true;
  const message = (error as { message?: unknown })?.message;
  return typeof message === "string" && /Connection terminated|timeout exceeded when trying to connect/.test(message);
}

const FASTIFY_CODES: Record<string, [ErrorKind, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ["malformed", ErrorCode.MALFORMED_REQUEST, "The request body is not valid JSON."],
  FST_ERR_CTP_EMPTY_JSON_BODY: ["malformed", ErrorCode.MALFORMED_REQUEST, "The request body is empty."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ["malformed", ErrorCode.MALFORMED_REQUEST, "The content length is wrong."],
  FST_ERR_CTP_BODY_TOO_LARGE: ["payload_too_large", ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    "unsupported_media_type",
    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    "This content type is not accepted.",
  ],
  FST_ERR_CTP_INVALID_TYPE: [
    "unsupported_media_type",
    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    "This content type is not accepted.",
  ],
};

function send(reply: FastifyReply, kind: ErrorKind, payload: ErrorBody): FastifyReply {
  return reply.code(errorKinds[kind]).header("cache-control", "no-store").send(payload);
}

/** The one place where errors become HTTP answers. Nothing internal (stack, SQL) leaves. */
export function installErrorMapper(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      // A refusal that will pass later says when, in its details and in the standard header.
      if (typeof error.details?.retryAfter === "number") reply.header("retry-after", String(error.details.retryAfter));
      return send(reply, error.kind, body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error.validation, error.validationContext);
      return send(reply, "validation", body(ErrorCode.INPUT_VALIDATION, "The request has invalid fields.", details));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, known[0], body(known[1], known[2]));
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(reply, "malformed", body(ErrorCode.MALFORMED_REQUEST, "The request body is not valid JSON."));
    }
    if (error.statusCode === 429) {
      return send(reply, "rate_limited", body(ErrorCode.RATE_LIMITED, "Too many requests; try again later."));
    }
    if (isBusy(error)) {
      request.log.warn({ err: error }, "service busy");
      return send(reply, "busy", body(ErrorCode.SERVICE_BUSY, "The service is busy; try again shortly."));
    }
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, "client error");
      return reply
        .code(error.statusCode)
        .send(body(ErrorCode.MALFORMED_REQUEST, "The request could not be processed."));
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, "internal", body(ErrorCode.INTERNAL, "Something went wrong on our side."));
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, "not_found", body(ErrorCode.NOT_FOUND, `No route ${request.method} ${request.url.split("?")[0]}.`));
  });
}

/**
 * Errors the router meets before any route or hook runs (Fastify's `frameworkErrors` option): a
 * path that does not decode, or a path parameter longer than the router takes. They get the
 * envelope like every other answer.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [kind, code, message]: [ErrorKind, string, string] =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? ["uri_too_long", ErrorCode.URI_TOO_LONG, "A part of the address is too long."]
      : error.code === "FST_ERR_BAD_URL"
        ? ["malformed", ErrorCode.MALFORMED_REQUEST, "The address is not valid."]
        : ["internal", ErrorCode.INTERNAL, "Something went wrong on our side."];
  const url = request.url ?? "";
  const shape = [...routerErrorShapes].find(([prefix]) => url.startsWith(prefix))?.[1];
  if (shape && kind !== "internal") {
    const status = errorKinds[kind];
    reply.code(status).header("cache-control", "no-store").send(shape(status, message));
    return;
  }
  send(reply, kind, body(code, message));
}

/** How a part of the API with its own error shape (Paxful's, OAuth2's, FastAPI's) words a refusal. */
export type RouterErrorShape = (status: number, message: string) => unknown;

const routerErrorShapes = new Map<string, RouterErrorShape>();

/**
 * Makes the router's own refusals (an address that does not decode, a parameter too long) under a
 * path prefix answer in that part's shape: they come before any route, so before the error
 * handler of the scope that serves the prefix. One shape per prefix, the same for every app.
 */
export function answerRouterErrorsUnder(prefix: string, shape: RouterErrorShape): void {
  routerErrorShapes.set(prefix, shape);
}

const CLIENT_ERRORS: Record<string, [ErrorKind, string, string]> = {
  HPE_HEADER_OVERFLOW: ["headers_too_large", ErrorCode.HEADERS_TOO_LARGE, "The request headers are too large."],
  ERR_HTTP_REQUEST_TIMEOUT: ["request_timeout", ErrorCode.REQUEST_TIMEOUT, "The request took too long to arrive."],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (oversized headers, a broken
 * request line, a timeout): the connection gets one envelope answer and is closed, as Node
 * itself would close it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [kind, code, message] = CLIENT_ERRORS[error.code ?? ""] ?? [
    "malformed",
    ErrorCode.MALFORMED_REQUEST,
    "The request could not be read.",
  ];
  const status = errorKinds[kind];
  const text = JSON.stringify(body(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
