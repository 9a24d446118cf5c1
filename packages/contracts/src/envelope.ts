import { z } from "zod";

/** The success body of every endpoint: `{data, meta}`. */
export function envelopeSchema<Data extends z.ZodType, Meta extends z.ZodType = z.ZodNull>(data: Data, meta?: Meta) {
  return z.object({ data, meta: (meta ?? z.null()) as Meta });
}

export const DEFAULT_PAGE_SIZE = 10;

/** Paged lists of the spec (trusted, blocked, recent trades, favourite offers). */
export const pageMetaSchema = z.object({
  total: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  lastPage: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});

export function pageMeta(total: number, currentPage: number, perPage: number): PageMeta {
  return { total, currentPage, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}
