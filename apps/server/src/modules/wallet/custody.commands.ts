import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { getAddress, Wallet } from "ethers";
import type { CliCommand } from "../../platform/index.ts";
import { evmContextOf } from "./evm/evm.context.ts";
import { creditConfirmedDeposits, followChain } from "./evm/evm.follower.ts";
import { custodyKeysOf, hotWalletAddressOf } from "./evm/evm.keys.ts";
import { nodeSettingsOf, startLocalEvmNode } from "./evm/evm.local-node.ts";
import { reconcileEvm } from "./evm/evm.reconcile.ts";
import { Secret } from "./evm/evm.secret.ts";
import { trackTransactions } from "./evm/evm.sender.ts";
import { sweepDeposits } from "./evm/evm.sweeper.ts";
import { loadWalletSettings } from "./wallet.settings.ts";

const NOT_ON_A_CHAIN = "every coin is on the dev chain (SOUK_CHAIN_ADAPTER=dev): nothing to reconcile";

export const reconcileCommand: CliCommand = {
  name: "custody:reconcile",
  usage: "custody:reconcile",
  description: "Compare what the chain holds with what the ledger owes, per coin (exit 1 on a difference).",
  async run(_args, { db, print }) {
    const context = await evmContextOf(db);
    if (!context) {
      print(NOT_ON_A_CHAIN);
      return 0;
    }
    const report = await reconcileEvm(context);
    if (!report) {
      print("the chain follower has not started yet: run the server (or custody:sync) first");
      return 1;
    }
    for (const coin of report.coins) {
      print(
        `${coin.cryptoCurrencyCode} at block ${coin.blockNumber}: on chain ${coin.onChain}, ledger ${coin.ledger}, ` +
          `residue ${coin.residue}, incoming ${coin.incoming}, outgoing ${coin.outgoing}, difference ${coin.difference}`,
      );
    }
    print(report.isBalanced ? "custody reconciled: no difference" : "custody differs from the ledger");
    return report.isBalanced ? 0 : 1;
  },
};

export const syncCommand: CliCommand = {
  name: "custody:sync",
  usage: "custody:sync",
  description: "Run the custody jobs once now: follow the chain, credit, track transactions, sweep.",
  async run(_args, { db, print }) {
    const context = await evmContextOf(db);
    if (!context) {
      print(NOT_ON_A_CHAIN);
      return 0;
    }
    const followed = await followChain(context);
    const credited = await creditConfirmedDeposits(context);
    const tracked = await trackTransactions(context);
    const swept = await sweepDeposits(context);
    print(`followed blocks ${followed.from}..${followed.to} (${followed.deposits} deposit(s) seen)`);
    print(`deposits: ${credited.credited} credited, ${credited.waiting} waiting for confirmations`);
    print(
      `transactions: ${tracked.confirmed} confirmed, ${tracked.failed} failed, ${tracked.replaced} replaced, ${tracked.waiting} waiting`,
    );
    print(`sweeps: ${swept.sweeps} sent, ${swept.topUps} gas top-up(s), ${swept.skipped} not yet`);
    return 0;
  },
};

/**
 * The public side of the custody keys, for setting up: the deposit branch's extended public key
 * (for copies that only hand out addresses) and the hot wallet's address (to fund it). Nothing
 * printed here can sign; the seed itself is never printed.
 */
export const keysCommand: CliCommand = {
  name: "custody:keys",
  usage: "custody:keys",
  description: "Print the deposit extended public key and the hot wallet's address (never the seed).",
  isWithoutDatabase: true,
  async run(_args, { print }) {
    const evm = loadWalletSettings().evm;
    if (!evm) {
      print("every coin is on the dev chain (SOUK_CHAIN_ADAPTER=dev): there are no custody keys");
      return 1;
    }
    const keys = custodyKeysOf(evm);
    print(`SOUK_EVM_DEPOSIT_XPUB=${keys.depositXpub}`);
    print(
      keys.hotWalletAddress
        ? `# hot wallet ${getAddress(keys.hotWalletAddress)}: send it ETH for gas (and the float withdrawals are paid from)`
        : "# no seed here (SOUK_EVM_SEED_FILE): the hot wallet's address needs it",
    );
    return 0;
  },
};

function takePort(args: string[]): number | null {
  const index = args.findIndex((arg) => arg === "--port" || arg.startsWith("--port="));
  if (index < 0) return 8545;
  const arg = args[index] ?? "";
  const text = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (args[index + 1] ?? "");
  const port = Number(text);
  return /^[0-9]{1,5}$/.test(text) && port > 0 && port < 65536 ? port : null;
}

/** ETH the hot wallet starts with on the local node: its float for gas and top-ups. */
const HOT_WALLET_FLOAT_WEI = 10n * 10n ** 18n;

export const chainDevCommand: CliCommand = {
  name: "chain:dev",
  usage: "chain:dev [--port 8545]",
  description: "Start a local EVM node with test USDT and print the settings that point Souk at it.",
  isWithoutDatabase: true,
  async run(args, { config, print }) {
    const port = takePort(args);
    if (port === null) {
      print(`usage: ${this.usage}`);
      return 2;
    }
    const node = await startLocalEvmNode({ port, blockIntervalMs: 2_000, log: (line) => process.stderr.write(line) });
    // A fresh custody seed for this node, in a file only this user can read (test money only).
    const seedFile = path.join(config.dataDir, "evm-dev", `seed-${port}.txt`);
    await mkdir(path.dirname(seedFile), { recursive: true });
    const phrase = Wallet.createRandom().mnemonic?.phrase ?? "";
    await writeFile(seedFile, `${phrase}\n`, { mode: 0o600 });
    const hotWallet = hotWalletAddressOf(new Secret(phrase));
    const funding = await node.funded.sendTransaction({ to: hotWallet, value: HOT_WALLET_FLOAT_WEI });
    await funding.wait();
    print("# A local EVM node is running. Start Souk with these settings in its environment:");
    for (const [name, value] of Object.entries(nodeSettingsOf(node))) print(`${name}=${value}`);
    print(`SOUK_EVM_SEED_FILE=${seedFile}`);
    print("SOUK_CONFIRMATIONS_ETH=3");
    print("SOUK_CONFIRMATIONS_USDT=3");
    print("SOUK_EVM_POLL_SECONDS=2");
    print(`# hot wallet ${hotWallet}, funded with 10 ETH for gas`);
    print(`# funded test account ${node.funded.address}: 10000 ETH and 1000000 test USDT;`);
    print("# its key is the local node's well-known development key (test money only).");
    print("# Blocks are mined every 2 seconds. Ctrl-C stops the node (its chain is not kept).");
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await node.stop();
    return 0;
  },
};
