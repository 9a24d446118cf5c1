import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { StoredSecret } from "./api-clients.domain.ts";

type GrantType = "client_credentials" | "authorization_code";

type ApiClientTables = {
  api_clients: {
    id: Generated<bigint>;
    client_id: string;
    user_id: bigint;
    name: string;
    secret_salt: Buffer;
    secret_hash: Buffer;
    scopes: string[];
    redirect_uris: string[];
    created_at: Generated<Date>;
    last_used_at: Date | null;
    revoked_at: Date | null;
  };
  api_tokens: {
    token_id: string;
    kind: "access" | "refresh";
    api_client_id: bigint;
    user_id: bigint;
    grant_type: GrantType;
    scopes: string[];
    secret_salt: Buffer;
    secret_hash: Buffer;
    created_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Date | null;
  };
  api_authorization_codes: {
    code_id: string;
    api_client_id: bigint;
    user_id: bigint;
    redirect_uri: string;
    scopes: string[];
    secret_salt: Buffer;
    secret_hash: Buffer;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
};

function tables(db: Db | Tx) {
  return db.withTables<ApiClientTables>();
}

export interface ClientRow {
  id: bigint;
  clientId: string;
  userId: number;
  name: string;
  secret: StoredSecret;
  scopes: string[];
  redirectUris: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  isRevoked: boolean;
}

const CLIENT_COLUMNS = [
  "id",
  "client_id",
  "user_id",
  "name",
  "secret_salt",
  "secret_hash",
  "scopes",
  "redirect_uris",
  "created_at",
  "last_used_at",
  "revoked_at",
] as const;

function toClientRow(row: {
  id: bigint;
  client_id: string;
  user_id: bigint;
  name: string;
  secret_salt: Buffer;
  secret_hash: Buffer;
  scopes: string[];
  redirect_uris: string[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}): ClientRow {
  return {
    id: BigInt(row.id),
    clientId: row.client_id,
    userId: Number(row.user_id),
    name: row.name,
    secret: { salt: row.secret_salt, hash: row.secret_hash },
    scopes: row.scopes,
    redirectUris: row.redirect_uris,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    isRevoked: row.revoked_at !== null,
  };
}

export async function insertClient(
  tx: Db | Tx,
  input: {
    clientId: string;
    userId: number;
    name: string;
    secret: StoredSecret;
    scopes: string[];
    redirectUris: string[];
  },
): Promise<ClientRow> {
  const row = await tables(tx)
    .insertInto("api_clients")
    .values({
      client_id: input.clientId,
      user_id: BigInt(input.userId),
      name: input.name,
      secret_salt: input.secret.salt,
      secret_hash: input.secret.hash,
      scopes: input.scopes,
      redirect_uris: input.redirectUris,
      last_used_at: null,
      revoked_at: null,
    })
    .returning(CLIENT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toClientRow(row);
}

export async function findClient(db: Db | Tx, clientId: string): Promise<ClientRow | null> {
  const row = await tables(db)
    .selectFrom("api_clients")
    .select(CLIENT_COLUMNS)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  return row ? toClientRow(row) : null;
}

/** A user's live clients, newest first. */
export async function listLiveClients(db: Db | Tx, userId: number): Promise<ClientRow[]> {
  const rows = await tables(db)
    .selectFrom("api_clients")
    .select(CLIENT_COLUMNS)
    .where("user_id", "=", BigInt(userId))
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toClientRow);
}

/** Serialises a user's client creations, so the per-user limit holds under concurrent requests. */
export async function lockUserClients(tx: Tx, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api_clients:${userId}`}, 0))`.execute(tx);
}

/** Revokes a live client of this user and every token it issued; false when there was none. */
export async function revokeClient(tx: Tx, userId: number, clientId: string): Promise<boolean> {
  const row = await tables(tx)
    .updateTable("api_clients")
    .set({ revoked_at: sql`now()` })
    .where("client_id", "=", clientId)
    .where("user_id", "=", BigInt(userId))
    .where("revoked_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  await tables(tx)
    .updateTable("api_tokens")
    .set({ revoked_at: sql`now()` })
    .where("api_client_id", "=", row.id)
    .where("revoked_at", "is", null)
    .execute();
  return true;
}

/** Last-use is kept to the minute, so a busy bot does not write on every call. */
export async function touchClient(db: Db, id: bigint): Promise<void> {
  await sql`UPDATE api_clients SET last_used_at = now()
    WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.execute(db);
}

export async function insertToken(
  db: Db | Tx,
  input: {
    tokenId: string;
    kind: "access" | "refresh";
    clientRowId: bigint;
    userId: number;
    grantType: GrantType;
    scopes: string[];
    secret: StoredSecret;
    ttlSeconds: number;
  },
): Promise<void> {
  await tables(db)
    .insertInto("api_tokens")
    .values({
      token_id: input.tokenId,
      kind: input.kind,
      api_client_id: input.clientRowId,
      user_id: BigInt(input.userId),
      grant_type: input.grantType,
      scopes: input.scopes,
      secret_salt: input.secret.salt,
      secret_hash: input.secret.hash,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
      revoked_at: null,
    })
    .execute();
}

export interface TokenRow {
  tokenId: string;
  kind: "access" | "refresh";
  clientRowId: bigint;
  clientId: string;
  userId: number;
  grantType: GrantType;
  scopes: string[];
  secret: StoredSecret;
  /** Unexpired, not revoked, and its client is not revoked either. */
  isLive: boolean;
}

export async function findToken(db: Db | Tx, tokenId: string): Promise<TokenRow | null> {
  const row = await tables(db)
    .selectFrom("api_tokens as t")
    .innerJoin("api_clients as c", "c.id", "t.api_client_id")
    .select([
      "t.token_id",
      "t.kind",
      "t.api_client_id",
      "c.client_id",
      "t.user_id",
      "t.grant_type",
      "t.scopes",
      "t.secret_salt",
      "t.secret_hash",
      sql<boolean>`t.expires_at > now() AND t.revoked_at IS NULL AND c.revoked_at IS NULL`.as("is_live"),
    ])
    .where("t.token_id", "=", tokenId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    tokenId: row.token_id,
    kind: row.kind,
    clientRowId: BigInt(row.api_client_id),
    clientId: row.client_id,
    userId: Number(row.user_id),
    grantType: row.grant_type,
    scopes: row.scopes,
    secret: { salt: row.secret_salt, hash: row.secret_hash },
    isLive: row.is_live,
  };
}

export async function insertAuthorizationCode(
  db: Db | Tx,
  input: {
    codeId: string;
    clientRowId: bigint;
    userId: number;
    redirectUri: string;
    scopes: string[];
    secret: StoredSecret;
    ttlSeconds: number;
  },
): Promise<void> {
  await tables(db)
    .insertInto("api_authorization_codes")
    .values({
      code_id: input.codeId,
      api_client_id: input.clientRowId,
      user_id: BigInt(input.userId),
      redirect_uri: input.redirectUri,
      scopes: input.scopes,
      secret_salt: input.secret.salt,
      secret_hash: input.secret.hash,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
      used_at: null,
    })
    .execute();
}

export interface CodeRow {
  clientRowId: bigint;
  userId: number;
  redirectUri: string;
  scopes: string[];
  secret: StoredSecret;
}

/**
 * Marks an unused, unexpired code used and returns it: a code is redeemed once, even by two
 * requests racing with it.
 */
export async function redeemAuthorizationCode(tx: Tx, codeId: string): Promise<CodeRow | null> {
  const row = await tables(tx)
    .updateTable("api_authorization_codes")
    .set({ used_at: sql`now()` })
    .where("code_id", "=", codeId)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["api_client_id", "user_id", "redirect_uri", "scopes", "secret_salt", "secret_hash"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    clientRowId: BigInt(row.api_client_id),
    userId: Number(row.user_id),
    redirectUri: row.redirect_uri,
    scopes: row.scopes,
    secret: { salt: row.secret_salt, hash: row.secret_hash },
  };
}

/** Deletes tokens and codes that expired a day ago or more; returns how many went. */
export async function deleteExpiredCredentials(db: Db): Promise<number> {
  const tokens = await sql`DELETE FROM api_tokens WHERE expires_at < now() - interval '1 day'`.execute(db);
  const codes = await sql`DELETE FROM api_authorization_codes WHERE expires_at < now() - interval '1 day'`.execute(db);
  return Number(tokens.numAffectedRows ?? 0n) + Number(codes.numAffectedRows ?? 0n);
}
