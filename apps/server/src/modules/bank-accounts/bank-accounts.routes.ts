import {
  BANK_LIST_LIMIT,
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
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import * as service from "./bank-accounts.service.ts";
import { listBanks, lookUpByIban, lookUpByRoutingNumber, lookUpBySwift } from "./banks.service.ts";

const tags = ["bank-accounts"];

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
  app.get(
    "/rest/v1/banks/by-iban",
    {
      schema: {
        tags,
        summary: "The bank an IBAN names, or null",
        querystring: bankByIbanQuerySchema,
        response: { 200: bankLookupResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(lookUpByIban(request.query.iban)),
  );
  app.get(
    "/rest/v1/banks/by-routing-number",
    {
      schema: {
        tags,
        summary: "The bank a routing number (ABA, IFSC, CLABE) names, or null",
        querystring: bankByRoutingQuerySchema,
        response: { 200: bankLookupResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(lookUpByRoutingNumber(request.query.routingNumber)),
  );
  app.get(
    "/rest/v1/banks/by-swift",
    {
      schema: {
        tags,
        summary: "The bank a SWIFT code (BIC) names, or null",
        querystring: bankBySwiftQuerySchema,
        response: { 200: bankLookupResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(lookUpBySwift(request.query.swiftCode)),
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
