import type { SeedContext } from "../../platform/index.ts";
import { recordDeposit } from "./deposits.service.ts";
import { adapterNameFor, loadWalletSettings } from "./wallet.settings.ts";

/**
 * Demo balances: confirmed dev-chain deposits, credited through the ledger like any other. The
 * txid is derived from the user and currency, so seeding again finds the same deposits and
 * credits nothing twice.
 */
const VENDOR_FUNDS = { BTC: "1.5", ETH: "25", USDT: "25000" };
const TRADER_FUNDS = { BTC: "0.25", ETH: "3", USDT: "1500" };
const FUNDED: Record<string, Record<string, string>> = {
  alice: VENDOR_FUNDS,
  carol: VENDOR_FUNDS,
  dave: VENDOR_FUNDS,
  erin: VENDOR_FUNDS,
  frank: VENDOR_FUNDS,
  grace: VENDOR_FUNDS,
  heidi: VENDOR_FUNDS,
  ivan: VENDOR_FUNDS,
  judy: VENDOR_FUNDS,
  bob: TRADER_FUNDS,
};

export async function seedDemoWallets(context: SeedContext): Promise<void> {
  let count = 0;
  const settings = loadWalletSettings();
  for (const [username, funds] of Object.entries(FUNDED)) {
    if (!context.users.has(username)) continue;
    for (const [code, amount] of Object.entries(funds)) {
      // Coins on a real chain arrive only from the chain: no demo money for them.
      if (adapterNameFor(code, settings) !== "dev") continue;
      await recordDeposit(context.db, {
        username,
        amount,
        cryptoCurrencyCode: code,
        source: "seed",
        txid: `demo-seed-${username}-${code.toLowerCase()}`,
      });
      count += 1;
    }
  }
  context.print(`demo wallets: ${count} confirmed dev-chain deposits`);
}
