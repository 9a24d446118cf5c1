import { getCryptoCurrencyByCode } from "../../reference/index.ts";
import { getBalances, getDepositAddress } from "../../wallet/index.ts";
import { type ActionContext, defineAction, viewerOf } from "../paxful.action.ts";
import { PaxfulError } from "../paxful.errors.ts";
import { minorUnits } from "../paxful.shapes.ts";

async function currencyOf(context: ActionContext, code: string | undefined) {
  const currency = await getCryptoCurrencyByCode(context.db, (code ?? "BTC").toUpperCase());
  if (!currency) throw new PaxfulError(400, 400, "Unknown crypto currency id");
  return currency;
}

export const walletActions = [
  defineAction({
    path: "wallet/balance",
    summary: "Balance of one crypto currency, in its smallest unit (satoshi, gwei, micro-USDT)",
    run: async (context, input) => {
      const currency = await currencyOf(context, input.crypto_currency_code);
      const { balances } = await getBalances(context.db, viewerOf(context).userId);
      const balance = balances.find((item) => item.cryptoCurrencyCode === currency.code);
      const units = (amount: string | undefined) => minorUnits(amount ?? "0", currency.decimals);
      return {
        balance: units(balance?.balance),
        balance_escrow: units(balance?.escrowAmount),
        incoming_amount: units(balance?.incomingAmount),
        crypto_currency_code: currency.code.toLowerCase(),
      };
    },
  }),
  defineAction({
    path: "wallet/list-addresses",
    summary: "The caller's deposit address of a crypto currency",
    run: async (context, input) => {
      const currency = await currencyOf(context, input.crypto_currency_code);
      const address = await getDepositAddress(context.db, viewerOf(context).userId, currency.code);
      return {
        addresses: [
          {
            address: address.address,
            created: null,
            is_master: true,
            total_received: null,
            crypto_currency_code: currency.code.toLowerCase(),
          },
        ],
      };
    },
  }),
];
