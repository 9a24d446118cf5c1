import {
  paxfulWebhookDetailErrorSchema,
  paxfulWebhookInSchema,
  paxfulWebhookLogRecordSchema,
  paxfulWebhookOutSchema,
} from "@souk/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../../db/pool.ts";
import type { AppDeps, SoukRoutes } from "../../../platform/index.ts";
import { authenticateAccessToken } from "../../api-clients/index.ts";
import { sendUnauthorized } from "../paxful.routes.ts";
import type { WebhookSigner } from "./signing.ts";
import * as repo from "./webhooks.repo.ts";
import { saveWebhook, WebhookRefused } from "./webhooks.service.ts";

type Mode = "user" | "application";

function detail(reply: FastifyReply, status: number, loc: (string | number)[], msg: string, type: string) {
  return reply.code(status).send({ detail: [{ loc: loc.map(String), msg, type }] });
}

/**
 * The owner of a management call: the token's user and client. Direct access (client_credentials)
 * uses /user, delegated access (authorization_code) /application; the other mode is refused.
 */
async function ownerOf(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  mode: Mode,
): Promise<repo.WebhookOwner | null> {
  const caller = await authenticateAccessToken(db, request.headers.authorization);
  if (!caller) {
    sendUnauthorized(reply);
    return null;
  }
  const callerMode: Mode = caller.grantType === "client_credentials" ? "user" : "application";
  if (callerMode !== mode) {
    detail(reply, 403, ["path"], `This token is for /${callerMode} routes.`, "access_mode");
    return null;
  }
  return { userId: caller.viewer.userId, clientRowId: caller.clientRowId, accessMode: mode };
}

function webhookOut(row: repo.WebhookRow, clientId: string) {
  return {
    webhook_id: row.id,
    tag: row.tag,
    user_id: String(row.userId),
    application_id: clientId,
    endpoints: row.endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      enabled: endpoint.enabled,
      event_type: endpoint.eventType,
      error_code: endpoint.errorCode,
      last_activity: endpoint.lastActivity?.toISOString() ?? null,
    })),
    last_request: row.lastRequestAt?.toISOString() ?? null,
  };
}

const tags = ["paxful-webhooks"];
const webhookIdParams = z.object({ webhook_id: z.string().uuid() });

/**
 * /webhook/v1: Paxful's webhook management for API clients, and the public key receivers verify
 * signatures with (docs/decisions/075-paxful-webhooks.md). JSON bodies, bearer tokens, refusals
 * in the FastAPI shape Paxful's management API uses.
 */
export async function registerWebhookRoutes(app: SoukRoutes, deps: AppDeps, signer: WebhookSigner): Promise<void> {
  const allowPrivate = deps.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Paxful's management API names its fields in snake_case; they reach the handlers as sent.
    // Its routes act only on bearer tokens, never on the session cookie, so CSRF does not apply.
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, keepsKeys: true, csrf: false };
    });
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof WebhookRefused) return detail(reply, 422, error.field, error.message, "value_error.url");
      const validation = (error as { validation?: { instancePath?: string; message?: string }[] }).validation;
      if (validation) {
        const first = validation[0];
        return detail(
          reply,
          422,
          ["body", ...(first?.instancePath ?? "").split("/").filter(Boolean)],
          first?.message ?? "invalid",
          "value_error",
        );
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (typeof status === "number" && status >= 400 && status < 500)
        return detail(reply, 400, ["body"], "The request could not be read.", "value_error");
      request.log.error({ err: error }, "webhook management error");
      return reply
        .code(500)
        .send({ detail: [{ loc: [], msg: "Something went wrong on our side.", type: "server_error" }] });
    });

    scope.get(
      "/webhook/v1/public/.well-known/public.key",
      {
        schema: {
          tags,
          summary: "The Ed25519 public key webhook signatures verify with (base64 of the raw 32 bytes)",
          response: { 200: z.string() },
        },
      },
      async (_request, reply) => reply.header("content-type", "text/plain; charset=utf-8").send(signer.publicKeyBase64),
    );

    for (const mode of ["user", "application"] as const) {
      const base = `/webhook/v1/${mode}/webhooks`;
      scope.post(
        base,
        {
          schema: {
            tags,
            summary: `Save a webhook (${mode === "user" ? "direct access" : "delegated access"}); each URL must echo X-Paxful-Request-Challenge`,
            security: [{ oauth2: [] }],
            body: paxfulWebhookInSchema,
            response: {
              201: paxfulWebhookOutSchema,
              401: z.unknown(),
              403: paxfulWebhookDetailErrorSchema,
              422: paxfulWebhookDetailErrorSchema,
            },
          },
        },
        async (request, reply) => {
          const owner = await ownerOf(deps.db, request, reply, mode);
          if (!owner) return reply;
          const saved = await saveWebhook(deps.db, owner, request.body, allowPrivate);
          const clientId = (await authenticateAccessToken(deps.db, request.headers.authorization))?.clientId ?? "";
          return reply.code(201).send(webhookOut(saved, clientId));
        },
      );
      scope.get(
        base,
        {
          schema: {
            tags,
            summary: "The webhooks of this client and user",
            security: [{ oauth2: [] }],
            response: { 200: z.array(paxfulWebhookOutSchema) },
          },
        },
        async (request, reply) => {
          const owner = await ownerOf(deps.db, request, reply, mode);
          if (!owner) return reply;
          const caller = await authenticateAccessToken(deps.db, request.headers.authorization);
          return (await repo.listWebhooks(deps.db, owner)).map((row) => webhookOut(row, caller?.clientId ?? ""));
        },
      );
      scope.delete(
        base,
        {
          schema: {
            tags,
            summary: "Delete every webhook of this client and user",
            security: [{ oauth2: [] }],
            response: { 202: z.object({ deleted: z.number().int() }) },
          },
        },
        async (request, reply) => {
          const owner = await ownerOf(deps.db, request, reply, mode);
          if (!owner) return reply;
          const deleted = await deps.db.transaction().execute((tx) => repo.deleteWebhooks(tx, owner));
          return reply.code(202).send({ deleted });
        },
      );
      scope.get(
        `${base}/log`,
        {
          schema: {
            tags,
            summary: "The latest deliveries of this client's webhooks",
            security: [{ oauth2: [] }],
            response: { 200: z.array(paxfulWebhookLogRecordSchema) },
          },
        },
        async (request, reply) => {
          const owner = await ownerOf(deps.db, request, reply, mode);
          if (!owner) return reply;
          return (await repo.listDeliveryLog(deps.db, owner, 100)).map((row) => ({
            id: row.id,
            url: row.url,
            sent_at: row.sentAt?.toISOString() ?? null,
            success: row.isDelivered,
            error_code:
              row.lastStatus === null
                ? row.lastError
                  ? "connection_failed"
                  : null
                : row.isDelivered
                  ? null
                  : `http_${row.lastStatus}`,
            error_description: row.lastError,
            request_body: row.body,
            response_status: row.lastStatus,
            response_body: row.responseBody,
          }));
        },
      );
      scope.get(
        `${base}/:webhook_id`,
        {
          schema: {
            tags,
            summary: "One webhook",
            security: [{ oauth2: [] }],
            params: webhookIdParams,
            response: { 200: paxfulWebhookOutSchema, 404: paxfulWebhookDetailErrorSchema },
          },
        },
        async (request, reply) => {
          const owner = await ownerOf(deps.db, request, reply, mode);
          if (!owner) return reply;
          const [row] = await repo.listWebhooks(deps.db, owner, request.params.webhook_id);
          if (!row) return detail(reply, 404, ["path", "webhook_id"], "Webhook not found.", "not_found");
          const caller = await authenticateAccessToken(deps.db, request.headers.authorization);
          return webhookOut(row, caller?.clientId ?? "");
        },
      );
      scope.delete(
        `${base}/:webhook_id`,
        {
          schema: {
            tags,
            summary: "Delete one webhook",
            security: [{ oauth2: [] }],
            params: webhookIdParams,
            response: { 202: z.object({ deleted: z.number().int() }) },
          },
        },
        async (request, reply) => {
          const owner = await ownerOf(deps.db, request, reply, mode);
          if (!owner) return reply;
          const deleted = await deps.db
            .transaction()
            .execute((tx) => repo.deleteWebhooks(tx, owner, request.params.webhook_id));
          if (deleted === 0) return detail(reply, 404, ["path", "webhook_id"], "Webhook not found.", "not_found");
          return reply.code(202).send({ deleted });
        },
      );
    }
  });
}
