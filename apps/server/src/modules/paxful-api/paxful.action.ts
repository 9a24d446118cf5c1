import type { PaxfulActionPath, PaxfulInput } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import type { AppDeps, Features, FileStorage, UploadedFile, Viewer } from "../../platform/index.ts";
import type { ApiCaller } from "../api-clients/index.ts";
import type { NotFoundAs } from "./paxful.errors.ts";
import { noAccess } from "./paxful.errors.ts";

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

/**
 * One action of /paxful/v1: a thin adapter that calls the services of the modules that own the
 * rules, through their doors, and shapes their answer as Paxful's.
 */
export interface PaxfulAction<Path extends PaxfulActionPath = PaxfulActionPath> {
  path: Path;
  summary: string;
  /** Answers without a token too (Paxful's offer/all, currency and payment-method lists). */
  isPublic?: boolean;
  /** Takes a multipart body with files. */
  isUpload?: boolean;
  /** How Souk's not-found reads here (default "plain"). */
  notFoundAs?: NotFoundAs;
  run: (context: ActionContext, input: PaxfulInput<Path>) => Promise<unknown>;
}

export function defineAction<Path extends PaxfulActionPath>(action: PaxfulAction<Path>): PaxfulAction<Path> {
  return action;
}
