import { createHash } from "node:crypto";
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Below this many bytes a response goes as it is: compressing would gain less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/** A weak validator of a response body: the bytes sent differ by Content-Encoding, the meaning does not. */
export function weakEtagOf(body: string | Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header names this tag (a list, `*`, weak or strong form alike). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = tag.replace(/^W\//, "");
  return header.split(",").some((item) => {
    const candidate = item.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

/**
 * ETag and 304 for routes whose config says `etag: true` (reference data: currencies, payment
 * methods, countries...): the browser keeps its copy and asks again with If-None-Match each time.
 */
async function answerWithEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.method !== "GET" || reply.statusCode !== 200) return payload;
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
  const tag = weakEtagOf(payload);
  reply.header("etag", tag).header("cache-control", "no-cache");
  if (!matchesIfNoneMatch(request.headers["if-none-match"], tag)) return payload;
  reply.code(304).removeHeader("content-length");
  return "";
}

/**
 * HTML pages and API JSON go brotli- or gzip-compressed by Accept-Encoding (hashed web assets are
 * compressed at build time and sent as they are). The ETag hook joins only the routes that ask for
 * it (every other answer skips it), ahead of compression, so it reads the plain body.
 */
export async function registerResponseCompression(app: FastifyInstance): Promise<void> {
  app.addHook("onRoute", (route) => {
    if (route.config?.etag !== true) return;
    const onSend = route.onSend ?? [];
    route.onSend = [...(Array.isArray(onSend) ? onSend : [onSend]), answerWithEtag];
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Quality 11 is for files compressed once; a response compressed per request takes a fast level.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
