import {
  calculatorQuerySchema,
  calculatorResponseSchema,
  converterCurrencyResponseSchema,
  errorBodySchema,
} from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes } from "../../platform/index.ts";
import { getPriceChart, listConverterCurrencies } from "./calculator.service.ts";

const tags = ["calculator"];

/** The converter and calculator page: public. */
export function registerCalculatorRoutes(app: SoukRoutes, deps: AppDeps): void {
  const db = deps.readDb;

  app.get(
    "/rest/v1/calculator",
    {
      schema: {
        tags,
        summary: "Daily price history of a coin in a fiat currency, as chart points {time, value}",
        querystring: calculatorQuerySchema,
        response: { 200: calculatorResponseSchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const points = await getPriceChart(db, request.query);
      return envelope(points, {
        range: request.query.range,
        currency: request.query.currency.toUpperCase(),
        cryptoCurrencyCode: request.query.cryptoCurrencyCode.toUpperCase(),
        resolution: "day" as const,
      });
    },
  );

  app.get(
    "/rest/v1/calculator/currency",
    {
      schema: {
        tags,
        summary: "Converter currencies: rate.usd is units per 1 USD, rate.btc and rate.usdt the price of one coin",
        response: { 200: converterCurrencyResponseSchema },
      },
    },
    async () => {
      const { currencies, asOf } = await listConverterCurrencies(db);
      return envelope(currencies, { asOf });
    },
  );
}
