import {
  exportCreateRequestSchema,
  exportIdParamsSchema,
  exportListQuerySchema,
  exportListResponseSchema,
  exportResponseSchema,
} from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, fileStorageFor, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { cancelOwnExport, createExport, downloadOwnExport, getOwnExport, listOwnExports } from "./exports.service.ts";

const tags = ["exports"];

export function registerExportsPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  const storage = fileStorageFor(deps.config);

  app.post(
    "/rest/v1/trade-history/exports",
    {
      schema: {
        tags,
        summary: "Queue a trade history export (csv, xlsx or pdf) of at most 31 days; a job makes the file",
        body: exportCreateRequestSchema,
        response: { 202: exportResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return envelope(await createExport(deps.db, deps.jobs, viewerOf(request).userId, request.body));
    },
  );

  app.get(
    "/rest/v1/trade-history/exports",
    {
      schema: {
        tags,
        summary: "The viewer's exports, newest first",
        querystring: exportListQuerySchema,
        response: { 200: exportListResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await listOwnExports(deps.db, viewerOf(request).userId, request.query);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/trade-history/exports/:id",
    {
      schema: {
        tags,
        summary: "One export's status and progress (percent)",
        params: exportIdParamsSchema,
        response: { 200: exportResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await getOwnExport(deps.db, viewerOf(request).userId, request.params.id)),
  );

  app.post(
    "/rest/v1/trade-history/exports/:id/cancel",
    {
      schema: {
        tags,
        summary: "Cancel an export that is still queued or running",
        params: exportIdParamsSchema,
        response: { 200: exportResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await cancelOwnExport(deps.db, storage, viewerOf(request).userId, request.params.id)),
  );

  app.get(
    "/rest/v1/trade-history/exports/:id/download",
    {
      schema: {
        tags,
        summary: "The export's file (owner only; 409 until it is completed)",
        params: exportIdParamsSchema,
        response: { 200: z.any(), ...refusals },
      },
    },
    async (request, reply) => {
      const file = await downloadOwnExport(deps.db, storage, viewerOf(request).userId, request.params.id);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(file.bytes);
    },
  );
}
