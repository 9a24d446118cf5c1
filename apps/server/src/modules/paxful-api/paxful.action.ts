import { type PaxfulActionPath, type PaxfulInput, paxfulInputs } from "@souk/contracts";
import type { z } from "zod";
import type { Db } from "../../db/pool.ts";
import type { AppDeps, Features, FileStorage, UploadedFile, Viewer } from "../../platform/index.ts";
import type { ApiCaller } from "../api-clients/index.ts";
import type { NotFoundAs } from "./paxful.errors.ts";
import { invalidParameters, missingParameters, noAccess } from "./paxful.errors.ts";

/** What an action's adapter gets besides its parsed fields. */
export interface ActionContext {
  db: Db;
  readDb: Db;
  deps: AppDeps;
  features: Features;
  storage: FileStorage;
  /** The token's caller; null on the few actions that also answer without one. */
  caller: ApiCaller | null;
  /** Files of a multipart upload. */
  files: UploadedFile[];
  headers: Record<string, string | string[] | undefined>;
}

/** The caller's viewer, for actions that act for a user. */
export function viewerOf(context: ActionContext): Viewer {
  if (!context.caller) throw noAccess("This call needs an access token.");
  return context.caller.viewer;
}

/** A value at a path of the raw input, to tell a missing field (1003) from a wrong one (1004). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** An action's fields read with its schema: a missing field is 1003, a wrong one 1004. */
export function parseInput<Input>(schema: z.ZodType<Input>, raw: unknown): Input {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const missing = new Set<string>();
  const invalid = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (issue.path.length > 0 && valueAt(raw, issue.path) === undefined) missing.add(field);
    else invalid.add(field);
  }
  if (missing.size > 0) throw missingParameters([...missing]);
  throw invalidParameters([...invalid]);
}

/** What an action says of itself, whatever its path. */
interface ActionFacts {
  summary: string;
  /** Answers without a token too (Paxful's offer/all, currency and payment-method lists). */
  isPublic?: boolean;
  /** Takes a multipart body with files. */
  isUpload?: boolean;
  /** How Souk's not-found reads here (default "plain"). */
  notFoundAs?: NotFoundAs;
}

/**
 * One action of /paxful/v1 as it is written: a thin adapter that calls the services of the modules
 * that own the rules, through their doors, and shapes their answer as Paxful's.
 */
interface ActionDefinition<Path extends PaxfulActionPath> extends ActionFacts {
  path: Path;
  run: (context: ActionContext, input: PaxfulInput<Path>) => Promise<unknown>;
}

/** One action of /paxful/v1 as the routes serve it: it reads its raw fields with its path's schema, then runs. */
export interface PaxfulAction extends ActionFacts {
  path: PaxfulActionPath;
  run: (context: ActionContext, raw: unknown) => Promise<unknown>;
}

/** Each path's schema, by the input it reads: indexed by an action's path, it reads that action's input. */
const inputSchemas: { [Path in PaxfulActionPath]: z.ZodType<PaxfulInput<Path>> } = paxfulInputs;

export function defineAction<Path extends PaxfulActionPath>(definition: ActionDefinition<Path>): PaxfulAction {
  const schema = inputSchemas[definition.path];
  return { ...definition, run: (context, raw) => definition.run(context, parseInput(schema, raw)) };
}
