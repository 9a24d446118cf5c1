import {
  bondDepositRequestSchema,
  bondRetrieveRequestSchema,
  bondStatusSchema,
  envelopeSchema,
  pageMetaSchema,
  walletAddressSchema,
  walletBalanceSchema,
  walletBalancesMetaSchema,
  walletCurrencyQuerySchema,
  walletDepositSchema,
  walletDepositsQuerySchema,
  walletSendInfoSchema,
  walletSendRequestSchema,
  walletSendResultSchema,
  walletTransactionSchema,
  walletTransactionsQuerySchema,
} from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, assertMayTransact, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { depositBond, getBondStatus, retrieveBond } from "./bond.service.ts";
import { listUserDeposits } from "./deposits.service.ts";
import { listTransactions } from "./history.service.ts";
import { getBalances, getDepositAddress, getSendInfo, sendCrypto } from "./wallet.service.ts";

/** KYC action that blocks the wallet (docs/product.md#restrictions-and-blocked-kyc-actions). */
const USE_WALLET = "use-wallet";

export function registerWalletPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v2/wallet/balances",
    {
      schema: {
        tags: ["wallet"],
        summary: "Balance per crypto currency, with the total in the user's fiat currency",
        response: { 200: envelopeSchema(z.array(walletBalanceSchema), walletBalancesMetaSchema) },
      },
    },
    async (request) => {
      const { balances, meta } = await getBalances(deps.db, viewerOf(request).userId);
      return envelope(balances, meta);
    },
  );

  app.get(
    "/rest/v1/wallet/address",
    {
      schema: {
        tags: ["wallet"],
        summary: "The user's receiving address of a currency (created on first use)",
        querystring: walletCurrencyQuerySchema,
        response: { 200: envelopeSchema(walletAddressSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      assertMayTransact(viewer, USE_WALLET);
      return envelope(await getDepositAddress(deps.db, viewer.userId, request.query.cryptoCurrencyCode));
    },
  );

  app.get(
    "/rest/v1/wallet/deposits",
    {
      schema: {
        tags: ["wallet"],
        summary: "The user's deposits with their confirmations",
        querystring: walletDepositsQuerySchema,
        response: { 200: envelopeSchema(z.array(walletDepositSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { deposits, meta } = await listUserDeposits(deps.db, viewerOf(request).userId, request.query);
      return envelope(deposits, meta);
    },
  );

  app.get(
    "/rest/v1/wallet/send-info",
    {
      schema: {
        tags: ["wallet"],
        summary: "Network fee, minimum and remaining daily limit for sends of a currency",
        querystring: walletCurrencyQuerySchema,
        response: { 200: envelopeSchema(walletSendInfoSchema) },
      },
    },
    async (request) => envelope(await getSendInfo(deps.db, viewerOf(request).userId, request.query.cryptoCurrencyCode)),
  );

  app.post(
    "/rest/v1/wallet/send",
    {
      config: { idempotent: true },
      schema: {
        tags: ["wallet"],
        summary: "Send to a Souk user (username or Souk address) or withdraw to an outside address",
        description: "Send an Idempotency-Key header: a retry with the same key moves the money once.",
        body: walletSendRequestSchema,
        response: { 200: envelopeSchema(walletSendResultSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      assertMayTransact(viewer, USE_WALLET);
      const sender = { userId: viewer.userId, username: viewer.username };
      return envelope(await sendCrypto(deps.db, sender, request.body, request.idempotency?.key ?? null));
    },
  );

  app.get(
    "/rest/v1/wallet/transactions",
    {
      schema: {
        tags: ["wallet"],
        summary: "Movements of the user's balance, newest first",
        querystring: walletTransactionsQuerySchema,
        response: { 200: envelopeSchema(z.array(walletTransactionSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { transactions, meta } = await listTransactions(deps.db, viewerOf(request).userId, request.query);
      return envelope(transactions, meta);
    },
  );

  app.get(
    "/rest/v1/wallet/bond",
    {
      schema: {
        tags: ["wallet"],
        summary: "The vendor bond held per currency",
        response: { 200: envelopeSchema(bondStatusSchema) },
      },
    },
    async (request) => envelope(await getBondStatus(deps.db, viewerOf(request).userId)),
  );

  app.post(
    "/wallet/deposit-bond",
    {
      config: { idempotent: true },
      schema: {
        tags: ["wallet"],
        summary: "Move the bond amount of a currency from the balance to the bond",
        body: bondDepositRequestSchema,
        response: { 200: envelopeSchema(bondStatusSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      assertMayTransact(viewer, USE_WALLET);
      const key = request.idempotency?.key ?? null;
      return envelope(await depositBond(deps.db, viewer.userId, request.body.cryptoCurrencyCode, key));
    },
  );

  app.post(
    "/wallet/retrieve-bond",
    {
      config: { idempotent: true },
      schema: {
        tags: ["wallet"],
        summary: "Give the bond back to the balance (one currency, or all)",
        // The spec sends no payload; a currency may be named to give back only that bond.
        body: bondRetrieveRequestSchema.nullish(),
        response: { 200: envelopeSchema(bondStatusSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      assertMayTransact(viewer, USE_WALLET);
      const key = request.idempotency?.key ?? null;
      return envelope(await retrieveBond(deps.db, viewer.userId, request.body?.cryptoCurrencyCode, key));
    },
  );
}
