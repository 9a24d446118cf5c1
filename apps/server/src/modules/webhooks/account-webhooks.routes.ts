import {
  accountWebhookResponseSchema,
  envelopeSchema,
  webhookDeliveryLogResponseSchema,
  webhookDeliveryParamsSchema,
  webhookEventsRequestSchema,
  webhookUrlRequestSchema,
} from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { ACCOUNT_DELIVER_JOB } from "./account-webhooks.delivery.ts";
import { WEBHOOKS_KNOWLEDGE_LINK } from "./account-webhooks.domain.ts";
import * as service from "./account-webhooks.service.ts";

const tags = ["webhooks"];
const meta = { link: WEBHOOKS_KNOWLEDGE_LINK };
const webhookResponse = { 200: accountWebhookResponseSchema, ...refusals };

/** The account's webhook (docs/product.md#webhooks): the spec's five calls, the secret, the log. */
export function registerAccountWebhookRoutes(app: SoukRoutes, deps: AppDeps): void {
  const allowPrivate = deps.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  app.get(
    "/rest/v1/webhooks",
    {
      schema: { tags, summary: "The account's webhook (its secret once after it is made)", response: webhookResponse },
    },
    async (request) => envelope(await service.getWebhook(deps.db, viewerOf(request).userId), meta),
  );
  app.post(
    "/rest/v1/webhooks/verify",
    {
      schema: {
        tags,
        summary: "Send the URL a challenge to echo; a failure disables the webhook with its error key",
        body: webhookUrlRequestSchema,
        response: webhookResponse,
      },
    },
    async (request) =>
      envelope(await service.verifyWebhook(deps.db, viewerOf(request).userId, request.body.url, allowPrivate), meta),
  );
  app.post(
    "/rest/v1/webhooks",
    {
      schema: {
        tags,
        summary: "Save a verified URL and turn the webhook on",
        body: webhookUrlRequestSchema,
        response: webhookResponse,
      },
    },
    async (request) =>
      envelope(await service.saveWebhook(deps.db, viewerOf(request).userId, request.body.url, allowPrivate), meta),
  );
  app.delete(
    "/rest/v1/webhooks",
    {
      schema: {
        tags,
        summary: "Remove the webhook and its log",
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      await service.deleteWebhook(deps.db, viewerOf(request).userId);
      return envelope(null);
    },
  );
  app.post(
    "/rest/v1/webhooks/events",
    {
      schema: { tags, summary: "Choose the events sent", body: webhookEventsRequestSchema, response: webhookResponse },
    },
    async (request) =>
      envelope(await service.selectEvents(deps.db, viewerOf(request).userId, request.body.events), meta),
  );
  app.post(
    "/rest/v1/webhooks/secret",
    { schema: { tags, summary: "Make a new signing secret (shown once)", response: webhookResponse } },
    async (request) => envelope(await service.rotateSecret(deps.db, viewerOf(request).userId), meta),
  );
  registerDeliveryRoutes(app, deps);
}

function registerDeliveryRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/webhooks/deliveries",
    {
      schema: {
        tags,
        summary: "The delivery log: every attempt, newest first",
        response: { 200: webhookDeliveryLogResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await service.listDeliveryLog(deps.db, viewerOf(request).userId)),
  );
  app.post(
    "/rest/v1/webhooks/deliveries/:id/replay",
    {
      schema: {
        tags,
        summary: "Send a delivery again, with the same webhook-id",
        params: webhookDeliveryParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      await service.replayDelivery(deps.db, viewerOf(request).userId, request.params.id);
      deps.jobs.sendAfterCommit(deps.db, { name: ACCOUNT_DELIVER_JOB, data: { deliveryId: request.params.id } });
      return envelope(null);
    },
  );
}
