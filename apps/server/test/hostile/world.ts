import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import pino from "pino";
import { modules } from "../../src/modules/registry.ts";
import { createSession, SESSION_COOKIE } from "../../src/platform/index.ts";
import { multipartBody, type TestApp, type TestClient } from "../harness.ts";
import { createOffer, createTrader, fund, type TestUser } from "../races/trade-fixtures.ts";
import { pngImage } from "../sample-files.ts";
import { SoftAuthenticator } from "../webauthn.ts";

/**
 * The planted world the hostile suites run in: six actors and objects that belong to the owner
 * (and, for trades, to the other party), each holding a secret that must reach nobody outside its
 * audience. Everything is made through the real API, as a user would make it.
 */

export const ACTORS = ["anonymous", "stranger", "party", "owner", "moderator", "admin"] as const;
export type Actor = (typeof ACTORS)[number];

/** The ids a path parameter can be filled with. */
export interface PlantedIds {
  /** The owner's sell offer by bank transfer: its trades ask the payer's name before revealing. */
  offer: string;
  /** An active trade on that offer: the party buys, the owner sells; not revealed yet. */
  trade: string;
  /** A trade on that offer the party cancelled before the payer-name step. */
  cancelledTrade: string;
  /** A trade of the owner's cash offer where the party uploaded a receipt. */
  uploadTrade: string;
  upload: string;
  /** A released trade of the owner's cash offer, with the party's feedback on it. */
  releasedTrade: string;
  /** The owner's chargeback report on the released trade: Pending in the staff's queue. */
  chargeback: string;
  /** The owner's chat attachment in the active trade. */
  attachment: string;
  /** The owner's notification of the party's feedback. */
  notification: string;
  /** The owner's completed trade history export. */
  export: string;
  /** A dev-chain deposit recorded for the owner, not yet confirmed. */
  deposit: string;
  ownerName: string;
  partyName: string;
  /** The owner's API client whose token the owner's bearer calls carry (consent page, scopes). */
  ownerClient: string;
  /** Its secret: the token endpoint's line sends it (it must never come back in an answer). */
  ownerClientSecret: string;
  /** A second API client of the owner, with no token in use: the one a revocation may end. */
  spareClient: string;
  /** A second browser session of the owner: the one ending a single session may end. */
  ownerSpareSession: string;
  /** The owner's passkey (a software authenticator's): the one a rename or removal may touch. */
  ownerPasskey: string;
  /** The newest mail to the owner in the outbox (a password reset link): the dev mailbox shows it. */
  mail: string;
  /** The owner's company application (the owner converted to a corporate account), and its document. */
  companyApplication: string;
  companyDocument: string;
  /** The owner's ID verification, its three images sent: it waits in the review queue. */
  verification: string;
  /** Its front image. */
  verificationDocument: string;
  /** The owner's bank account attached to the offer: its holder's name is a secret until the reveal. */
  bankAccount: string;
  /** A second bank account of the owner, on no offer: the one a delete may end. */
  spareBankAccount: string;
}

export type PlantedObject = keyof PlantedIds;

/**
 * Objects every call on a kind is also made with: a trade's calls run on the active trade and on
 * the one cancelled before its payment details were revealed (a state that once leaked them).
 */
export const ALSO_PLANTED: Partial<Record<PlantedObject, PlantedObject[]>> = { trade: ["cancelledTrade"] };

/** A value planted in the world that only its audience may ever read in an answer. */
export interface PlantedSecret {
  name: string;
  value: string;
  audience: readonly Actor[];
}

export interface World {
  /** Each actor's browser: the session cookie (none for anonymous). */
  clients: Record<Actor, TestClient>;
  /**
   * Each actor's bot: an access token (client_credentials) of their own API client with every
   * scope, sent as a bearer token from a client without a session cookie; anonymous has none.
   */
  tokens: Record<Actor, string | null>;
  /** A client without a session, for calls carrying a bearer token. */
  bot: TestClient;
  users: Record<Exclude<Actor, "anonymous">, TestUser>;
  ids: PlantedIds;
  secrets: PlantedSecret[];
}

const TRADE_VIEWERS: readonly Actor[] = ["party", "owner", "moderator", "admin"];

function marker(name: string): string {
  // Letters and digits only, so no encoding or file-name cleaning changes it on the way out.
  return `SECRET${name}${randomBytes(8).toString("hex")}`;
}

async function expectOk(label: string, response: { status: number; text: string }): Promise<void> {
  if (response.status >= 300) throw new Error(`planting ${label} failed: ${response.status} ${response.text}`);
}

async function startTrade(buyer: TestUser, offerId: string): Promise<string> {
  const response = await buyer.client.post(
    "/rest/v1/trade",
    { offerId, fiatAmount: "100" },
    { headers: { "idempotency-key": randomUUID() } },
  );
  await expectOk("a trade", response);
  return response.body.data.id as string;
}

async function sendFile(client: TestClient, url: string, fileName: string, fields: Record<string, string>) {
  const file = { bytes: await pngImage(), name: fileName, type: "image/png" };
  const { body, contentType } = await multipartBody([file], fields);
  return client.request("POST", url, body, { headers: { "content-type": contentType } });
}

/**
 * The owner's ID verification, waiting for review: started and its three sides sent (the owner's
 * verified ID is set aside meanwhile, as it was before they sent it). Returns its id, its front
 * image's id and its document number (a secret of the owner and the reviewers).
 */
async function plantVerification(t: TestApp, owner: { id: number; client: TestClient }) {
  await sql`UPDATE users SET id_verified_at = NULL WHERE id = ${owner.id}`.execute(t.ownerDb);
  const documentNumber = `P${randomUUID().slice(0, 8).toUpperCase()}`;
  const started = await owner.client.post("/account/verification/start/id", {
    issue_country_iso3: "USA",
    document_type: "passport",
    first_name_original: "Owner",
    last_name_original: "Planted",
    document_number: documentNumber,
  });
  await expectOk("an ID verification", started);
  const form = new FormData();
  for (const side of ["front", "back", "selfie"]) {
    form.append(side, new Blob([new Uint8Array(await pngImage())], { type: "image/png" }), `${side}.png`);
  }
  const body = new Response(form);
  const sent = await owner.client.request(
    "POST",
    `/account/verification/id/${started.body.data.id}/documents`,
    Buffer.from(await body.arrayBuffer()),
    { headers: { "content-type": body.headers.get("content-type") ?? "" } },
  );
  await expectOk("the ID's images", sent);
  await sql`UPDATE users SET id_verified_at = now() WHERE id = ${owner.id}`.execute(t.ownerDb);
  const front = sent.body.data.documents.find((document: { side: string }) => document.side === "front");
  return { verification: String(started.body.data.id), verificationDocument: String(front.id), documentNumber };
}

async function completeExports(t: TestApp): Promise<void> {
  const job = modules.flatMap((module) => module.jobs ?? []).find((candidate) => candidate.name === "exports.generate");
  if (!job) throw new Error("the exports job is gone: the world cannot plant a completed export");
  await job.handler({}, { config: t.config, db: t.db, log: pino({ level: "silent" }), send: async () => {} });
}

/** The redirect URI every planted API client registers (the consent page checks it). */
export const PLANTED_REDIRECT_URI = "https://bot.example.com/callback";

interface PlantedClient {
  clientId: string;
  clientSecret: string;
  token: string;
}

/** An API client with every scope, made on the API keys screen's call, and its first access token. */
async function plantApiClient(t: TestApp, user: TestUser, name: string): Promise<PlantedClient> {
  const created = await user.client.post("/rest/v1/api-clients", { name, redirectUris: [PLANTED_REDIRECT_URI] });
  await expectOk("an API client", created);
  const clientId = created.body.data.client.clientId as string;
  const clientSecret = created.body.data.clientSecret as string;
  const answer = await t.app.inject({
    method: "POST",
    url: "/oauth2/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
  });
  await expectOk("an access token", { status: answer.statusCode, text: answer.body });
  return { clientId, clientSecret, token: JSON.parse(answer.body).access_token as string };
}

/** Plants the world in a fresh test app (made with createTradesTestApp: log-ins need their own addresses). */
/** A passkey of a software authenticator, registered through the API; answers its id. */
async function plantPasskey(t: TestApp, client: TestClient): Promise<string> {
  const authenticator = new SoftAuthenticator(
    new URL(t.config.PUBLIC_URL ?? `http://localhost:${t.config.PORT}`).origin,
  );
  const options = await client.post("/rest/v1/users/passkeys/registration/options");
  const added = await client.post("/rest/v1/users/passkeys/registration/verify", {
    response: authenticator.register(options.body.data),
  });
  await expectOk("a passkey", added);
  return String(added.body.data.id);
}

/** A German (SEPA) bank account of the client's user; answers its id. */
export const PLANTED_BANK_ACCOUNT = {
  fiatCurrencyId: 145,
  countryId: 276,
  isPersonal: true,
  accountNumber: "DE89370400440532013000",
  sepa: { iban: "DE89370400440532013000" },
};

async function plantBankAccount(client: TestClient, holderName: string): Promise<string> {
  const created = await client.post("/rest/v1/bankaccounts", { ...PLANTED_BANK_ACCOUNT, holderName });
  await expectOk("a bank account", created);
  return String(created.body.data.id);
}

/** The owner turns corporate and sends a company application with one document. */
async function plantCompanyApplication(owner: TestClient) {
  await expectOk("a conversion", await owner.post("/rest/v1/users/corporate-accounts/convert-to-corporate"));
  const registrationNumber = marker("RC");
  const sent = await sendFile(owner, "/rest/v1/users/corporate-accounts/company-verification", "extract.png", {
    legalEntityName: "Owner Holdings Ltd",
    businessName: "Owner Trading",
    registrationNumber,
    countryIso3: "GBR",
  });
  await expectOk("a company application", sent);
  const application = sent.body.data.application;
  return { application: String(application.id), document: String(application.documents[0].id), registrationNumber };
}

export async function plantWorld(t: TestApp): Promise<World> {
  const [owner, party, stranger, moderator, admin] = await Promise.all([
    createTrader(t, { roles: ["user", "vendor"] }),
    createTrader(t),
    createTrader(t),
    createTrader(t, { roles: ["moderator"] }),
    createTrader(t, { roles: ["admin"] }),
  ]);
  await fund(t.db, owner.id, "USDT", "1000000");
  const details = marker("Details");
  const offer = await createOffer(owner, { paymentMethodSlug: "bank-transfer", tradeDetails: details });
  const cashOffer = await createOffer(owner, { tags: ["receipt-required"], tradeDetails: "Meet at the station." });

  const holder = marker("Holder");
  const bankAccount = await plantBankAccount(owner.client, holder);
  const spareBankAccount = await plantBankAccount(owner.client, "Spare Holder");
  await expectOk(
    "a bank account on the offer",
    await owner.client.put(`/rest/v1/offers/${offer}/bank-accounts`, { bankAccountIds: [Number(bankAccount)] }),
  );

  const trade = await startTrade(party, offer);
  const chat = marker("Chat");
  await expectOk("a chat message", await owner.client.post(`/rest/v1/trade/${trade}/chat`, { message: chat }));
  const attachmentName = marker("Attachment");
  const attached = await sendFile(
    owner.client,
    `/rest/v1/trade/${trade}/chat/attachments`,
    `${attachmentName}.png`,
    {},
  );
  await expectOk("an attachment", attached);

  const cancelledTrade = await startTrade(party, offer);
  await expectOk("a cancel", await party.client.post(`/rest/v1/trade/${cancelledTrade}/cancel`));

  const uploadTrade = await startTrade(party, cashOffer);
  const uploaded = await sendFile(party.client, `/rest/v1/trade/${uploadTrade}/upload`, "receipt.png", {
    requirementId: "payment_receipt",
  });
  await expectOk("a receipt upload", uploaded);
  const uploads = await party.client.get(`/rest/v1/trade/${uploadTrade}/uploads`);
  await expectOk("the uploads list", uploads);

  const releasedTrade = await startTrade(party, cashOffer);
  await sendFile(party.client, `/rest/v1/trade/${releasedTrade}/upload`, "receipt.png", {
    requirementId: "payment_receipt",
  });
  await expectOk("a paid mark", await party.client.post(`/rest/v1/trade/${releasedTrade}/paid`));
  await expectOk(
    "a release",
    await owner.client.post(
      `/rest/v1/trade/${releasedTrade}/release`,
      {},
      { headers: { "idempotency-key": randomUUID() } },
    ),
  );
  await expectOk(
    "a feedback",
    await party.client.post(`/rest/v1/feedback/${releasedTrade}/give`, { rating: 1, message: "Smooth trade." }),
  );

  const notification = await sql<{ id: string }>`
    SELECT min(id)::text AS id FROM notifications WHERE user_id = ${owner.id}`.execute(t.ownerDb);

  const today = new Date().toISOString().slice(0, 10);
  const exported = await owner.client.post("/rest/v1/trade-history/exports", {
    format: "csv",
    startDate: today,
    endDate: today,
  });
  await expectOk("an export", exported);
  await completeExports(t);

  const deposit = await admin.client.post("/rest/v1/admin/wallet/deposits", {
    username: owner.username,
    amount: "5",
    cryptoCurrencyCode: "USDT",
    confirmations: 0,
  });
  await expectOk("a deposit", deposit);

  const [ownerBot, partyBot, strangerBot, moderatorBot, adminBot] = await Promise.all([
    plantApiClient(t, owner, "owner bot"),
    plantApiClient(t, party, "party bot"),
    plantApiClient(t, stranger, "stranger bot"),
    plantApiClient(t, moderator, "moderator bot"),
    plantApiClient(t, admin, "admin bot"),
  ]);
  const spare = await plantApiClient(t, owner, "owner spare bot");

  await createSession(t.db, { userId: owner.id, ttlHours: 1, ip: null, userAgent: "spare browser" });
  const spareSession = await sql<{ id: number }>`
    SELECT max(id) AS id FROM sessions WHERE user_id = ${owner.id}`.execute(t.ownerDb);

  const ownerPasskey = await plantPasskey(t, owner.client);
  const company = await plantCompanyApplication(owner.client);
  const { documentNumber, ...verification } = await plantVerification(t, owner);
  // Reported once the owner's ID is verified again (a report needs it).
  const chargeback = await owner.client.post("/rest/v1/user-reports/chargeback", {
    tradeId: releasedTrade,
    timing: "before_mark_as_paid",
    description: "The buyer took the payment back.",
  });
  await expectOk("a chargeback report", chargeback);

  const session = await sql<{ password_hash: string; email: string }>`
    SELECT password_hash, email FROM users WHERE id = ${owner.id}`.execute(t.ownerDb);
  const ownerRow = session.rows[0];
  if (!ownerRow) throw new Error("the owner is gone");
  const sessionToken = owner.client.cookie(SESSION_COOKIE) ?? "";
  await expectOk("a reset mail", await t.client().post("/rest/v1/auth/password/forgot", { email: ownerRow.email }));
  const mail = await sql<{ id: string }>`
    SELECT max(id)::text AS id FROM mail_outbox WHERE to_address = ${ownerRow.email}`.execute(t.ownerDb);

  return {
    clients: {
      anonymous: t.client(),
      stranger: stranger.client,
      party: party.client,
      owner: owner.client,
      moderator: moderator.client,
      admin: admin.client,
    },
    tokens: {
      anonymous: null,
      stranger: strangerBot.token,
      party: partyBot.token,
      owner: ownerBot.token,
      moderator: moderatorBot.token,
      admin: adminBot.token,
    },
    bot: t.client(),
    users: { stranger, party, owner, moderator, admin },
    ids: {
      offer,
      trade,
      cancelledTrade,
      uploadTrade,
      upload: String(uploads.body.data[0].id),
      releasedTrade,
      chargeback: String(chargeback.body.data.id),
      attachment: String(attached.body.data.attachments[0].id),
      notification: notification.rows[0]?.id ?? "0",
      export: String(exported.body.data.id),
      deposit: String(deposit.body.data.id),
      ownerName: owner.username,
      partyName: party.username,
      ownerClient: ownerBot.clientId,
      ownerClientSecret: ownerBot.clientSecret,
      spareClient: spare.clientId,
      ownerSpareSession: String(spareSession.rows[0]?.id),
      ownerPasskey,
      mail: mail.rows[0]?.id ?? "0",
      companyApplication: company.application,
      companyDocument: company.document,
      ...verification,
      bankAccount,
      spareBankAccount,
    },
    secrets: [
      { name: "the offer's payment instructions", value: details, audience: ["owner"] },
      { name: "a message in the trade's chat", value: chat, audience: TRADE_VIEWERS },
      { name: "the name of a chat attachment", value: attachmentName, audience: TRADE_VIEWERS },
      { name: "the holder of the owner's bank account", value: holder, audience: ["owner"] },
      { name: "the owner's e-mail address", value: ownerRow.email, audience: ["owner"] },
      { name: "the owner's password hash", value: ownerRow.password_hash, audience: [] },
      { name: "the owner's session token", value: sessionToken, audience: [] },
      { name: "the owner's API client secret", value: ownerBot.clientSecret, audience: [] },
      { name: "the owner's access token", value: ownerBot.token, audience: [] },
      {
        name: "the owner's company registration number",
        value: company.registrationNumber,
        audience: ["owner", "moderator", "admin"],
      },
      { name: "the owner's ID document number", value: documentNumber, audience: ["owner", "moderator", "admin"] },
    ],
  };
}

/** The secrets an answer to `actor` gives away, besides those the route reveals to it by design. */
export function leakedSecrets(world: World, actor: Actor, text: string, revealed: readonly string[] = []): string[] {
  return world.secrets
    .filter((secret) => secret.value.length > 0 && !secret.audience.includes(actor) && !revealed.includes(secret.name))
    .filter((secret) => text.includes(secret.value))
    .map((secret) => secret.name);
}

/**
 * Who makes an actor's call of an operation: the browser with its session cookie, or, for the
 * routes that read a bearer token (/paxful/v1, /webhook/v1, /oauth2/userinfo), the actor's bot
 * with its token and no cookie (anonymous: no token).
 */
export function callerOf(
  world: World,
  operation: { usesBearer: boolean },
  actor: Actor,
): { client: TestClient; headers: Record<string, string> } {
  if (!operation.usesBearer) return { client: world.clients[actor], headers: {} };
  const token = world.tokens[actor];
  return { client: world.bot, headers: token ? { authorization: `Bearer ${token}` } : {} };
}
