/**
 * What `npm run mutate` mutates, module by module, and the tests that are run against each
 * mutant. The tests are the module's fast, focused files: the long property, model, race and
 * crash suites would multiply the run time by the number of mutants for little more killing
 * power (their job is concurrency and crashes, which mutants of a single line rarely reach).
 */
export interface MutationModule {
  name: string;
  description: string;
  /** Source files Stryker mutates (globs from the repository root). */
  mutate: string[];
  /** Test files run against the mutants. */
  tests: string[];
  /** The TypeScript project the checker compiles each mutant in (mutants that do not compile are dropped). */
  tsconfig: string;
}

const server = (file: string) => `apps/server/src/modules/${file}`;

const TRADE_RULE_TESTS = [
  server("trades/trades.domain.test.ts"),
  server("trades/trades.start.domain.test.ts"),
  server("trades/trades.view.test.ts"),
];

/**
 * The rules' modules type-check each mutant in a program of the rule files and their tests (and
 * what they import), not the whole server: about a third of the files, so the checker, which is
 * most of a rules run, is that much faster. A mutant that breaks only a caller elsewhere is then
 * run against the tests instead of being dropped, which can only lower the score.
 */
const RULES_TSCONFIG = "scripts/mutate/tsconfig.trade-rules.json";

export const MUTATION_MODULES: MutationModule[] = [
  {
    name: "money",
    description: "packages/money: exact amounts, decimals and conversions",
    mutate: ["packages/money/src/*.ts", "!packages/money/src/*.test.ts", "!packages/money/src/index.ts"],
    tests: ["packages/money/src/*.test.ts"],
    tsconfig: "packages/money/tsconfig.json",
  },
  {
    name: "ledger",
    description: "the ledger's service: transfers, escrow, fees and bid holds (its rules: ledger-rules)",
    mutate: [server("ledger/ledger.service.ts"), server("ledger/bid-holds.service.ts")],
    tests: [
      server("ledger/ledger.guards.test.ts"),
      server("ledger/ledger.int.test.ts"),
      server("ledger/ledger.reads.int.test.ts"),
      server("my-offers/bids.int.test.ts"),
    ],
    tsconfig: "apps/server/tsconfig.json",
  },
  {
    name: "ledger-rules",
    description: "the ledger's pure rules against their unit tests alone (minutes, not an hour)",
    mutate: [server("ledger/ledger.domain.ts")],
    tests: [server("ledger/ledger.domain.test.ts"), server("ledger/ledger.guards.test.ts")],
    tsconfig: "apps/server/tsconfig.json",
  },
  {
    name: "trades",
    description: "the trade service: start, paid, release, cancel, expiry (its rules: trades-rules)",
    mutate: [server("trades/trades.service.ts"), server("trades/trades.start.ts")],
    tests: [
      server("trades/trades.int.test.ts"),
      server("trades/trades.settlement.int.test.ts"),
      // The trade's own copy of the payee's accounts, taken at the start when nothing comes before the details.
      server("bank-accounts/bank-accounts.int.test.ts"),
    ],
    tsconfig: "apps/server/tsconfig.json",
  },
  {
    name: "trades-rules",
    description: "the trade transition table and the trade's facts against their unit tests",
    mutate: [server("trades/trades.domain.ts")],
    tests: TRADE_RULE_TESTS,
    tsconfig: RULES_TSCONFIG,
  },
  {
    name: "trades-start-rules",
    description: "the trade start's rules (limits, fees, requirements) against their unit tests",
    mutate: [server("trades/trades.start.domain.ts")],
    tests: TRADE_RULE_TESTS,
    tsconfig: RULES_TSCONFIG,
  },
  {
    name: "wallet",
    description: "the wallet's rules and services: sends, withdrawals, deposits, the bond",
    mutate: [
      server("wallet/wallet.domain.ts"),
      server("wallet/wallet.service.ts"),
      server("wallet/withdrawals.service.ts"),
      server("wallet/deposits.service.ts"),
      server("wallet/bond.service.ts"),
    ],
    tests: [server("wallet/wallet.domain.test.ts"), server("wallet/wallet.int.test.ts")],
    tsconfig: "apps/server/tsconfig.json",
  },
];
