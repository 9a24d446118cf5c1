import {
  BANK_LIST_LIMIT,
  type Bank,
  bankAccountDeletedResponseSchema,
  bankAccountIdParamsSchema,
  bankAccountPayloadSchema,
  bankAccountResponseSchema,
  bankAccountsResponseSchema,
  bankByIbanQuerySchema,
  bankByRoutingQuerySchema,
  bankBySwiftQuerySchema,
  bankLookupResponseSchema,
  banksQuerySchema,
  banksResponseSchema,
  offerBankAccountsRequestSchema,
  offerBankAccountsResponseSchema,
  offerIdParamsSchema,
} from "@souk/contracts";
import type { z } from "zod";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import * as service from "./bank-accounts.service.ts";
import { listBanks, lookUpByIban, lookUpByRoutingNumber, lookUpBySwift } from "./banks.service.ts";

const tags = ["bank-accounts"];

/** One lookup of the bank directory: GET /rest/v1/banks/{path}, answering the bank or null. */
function registerLookup<Query extends z.ZodType>(
  app: SoukRoutes,
  path: string,
  summary: string,
  querystring: Query,
  find: (query: z.output<Query>) => Bank | null,
): void {
  app.get(
    `/rest/v1/banks/${path}`,
    { schema: { tags, summary, querystring, response: { 200: bankLookupResponseSchema, ...refusals } } },
    async (request) => envelope(find(request.query as z.output<Query>)),
  );
}

/** The bank directory: public facts, readable without a session. */
export function registerBanksRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/banks",
    {
      schema: {
        tags,
        summary: `Banks of a country from the bank directory (at most ${BANK_LIST_LIMIT})`,
        querystring: banksQuerySchema,
        response: { 200: banksResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await listBanks(deps.db, request.query.countryId, request.query.limit)),
  );
  registerLookup(app, "by-iban", "The bank an IBAN names, or null", bankByIbanQuerySchema, (query) =>
    lookUpByIban(query.iban),
  );
  registerLookup(
    app,
    "by-routing-number",
    "The bank a routing number (ABA, IFSC, CLABE) names, or null",
    bankByRoutingQuerySchema,
    (query) => lookUpByRoutingNumber(query.routingNumber),
  );
  registerLookup(app, "by-swift", "The bank a SWIFT code (BIC) names, or null", bankBySwiftQuerySchema, (query) =>
    lookUpBySwift(query.swiftCode),
  );
}

export function registerBankAccountsRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/bankaccounts",
    {
      schema: {
        tags,
        summary: "The viewer's bank accounts",
        response: { 200: bankAccountsResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await service.listBankAccounts(deps.db, viewerOf(request))),
  );
  app.get(
    "/rest/v1/bankaccounts/:id",
    {
      schema: {
        tags,
        summary: "One of the viewer's bank accounts",
        params: bankAccountIdParamsSchema,
        response: { 200: bankAccountResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await service.getBankAccount(deps.db, viewerOf(request), request.params.id)),
  );
  app.post(
    "/rest/v1/bankaccounts",
    {
      schema: {
        tags,
        summary: "Add a bank account (checked per country)",
        body: bankAccountPayloadSchema,
        response: { 200: bankAccountResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await service.createBankAccount(deps.db, viewerOf(request), request.body)),
  );
  app.put(
    "/rest/v1/bankaccounts/:id",
    {
      schema: {
        tags,
        summary: "Change a bank account (the whole payload again)",
        params: bankAccountIdParamsSchema,
        body: bankAccountPayloadSchema,
        response: { 200: bankAccountResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(await service.updateBankAccount(deps.db, viewerOf(request), request.params.id, request.body)),
  );
  app.delete(
    "/rest/v1/bankaccounts/:id",
    {
      schema: {
        tags,
        summary: "Delete a bank account; 422 while an active offer carries it",
        params: bankAccountIdParamsSchema,
        response: { 200: bankAccountDeletedResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await service.deleteBankAccount(deps.db, viewerOf(request), request.params.id);
      return envelope({ id: request.params.id, deleted: true });
    },
  );
  app.put(
    "/rest/v1/offers/:id/bank-accounts",
    {
      schema: {
        tags,
        summary: "Attach the owner's bank accounts to an offer (replaces its list)",
        params: offerIdParamsSchema,
        body: offerBankAccountsRequestSchema,
        response: { 200: offerBankAccountsResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(
        await service.setOfferBankAccounts(deps.db, viewerOf(request), request.params.id, request.body.bankAccountIds),
      ),
  );
}
