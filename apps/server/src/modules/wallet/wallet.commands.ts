import type { WalletDeposit } from "@souk/contracts";
import { type CliCommand, DomainError } from "../../platform/index.ts";
import { confirmDeposit, confirmPendingDeposits, recordDeposit } from "./deposits.service.ts";
import { broadcastPendingWithdrawals } from "./withdrawals.service.ts";

/** Splits `--confirmations N` out of the arguments; null when absent, NaN when malformed. */
function takeConfirmations(args: string[]): { positional: string[]; confirmations: number | null } {
  const positional: string[] = [];
  let confirmations: number | null = null;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg === "--confirmations" || arg.startsWith("--confirmations=")) {
      const text = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (args[++i] ?? "");
      confirmations = /^[0-9]{1,7}$/.test(text) ? Number(text) : Number.NaN;
    } else positional.push(arg);
  }
  return { positional, confirmations };
}

function describe(deposit: WalletDeposit): string {
  const state =
    deposit.status === "credited"
      ? "credited"
      : `pending (${deposit.confirmations}/${deposit.confirmationsRequired} confirmations)`;
  return `deposit ${deposit.id}: ${deposit.amount} ${deposit.cryptoCurrencyCode} to ${deposit.username} ${state}`;
}

/** Domain refusals (unknown user, bad amount) are printed for the operator instead of thrown. */
async function reportingRefusals(print: (line: string) => void, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    print(`refused: ${error.message} ${error.details ? JSON.stringify(error.details) : ""}`.trim());
    return 1;
  }
}

const DEPOSIT_USAGE = "deposit <username> <amount> <currencyCode> [--confirmations N]";
const CONFIRM_USAGE = "confirm <depositId|all> [--confirmations N]";

export const depositCommand: CliCommand = {
  name: "deposit",
  usage: DEPOSIT_USAGE,
  description: "Dev chain: a deposit arrives for a user (credited at once unless N is below the threshold).",
  async run(args, { db, print }) {
    const { positional, confirmations } = takeConfirmations(args);
    const [username, amount, code] = positional;
    if (!username || !amount || !code || positional.length !== 3 || Number.isNaN(confirmations)) {
      print(`usage: ${DEPOSIT_USAGE}`);
      return 2;
    }
    return reportingRefusals(print, async () => {
      const deposit = await recordDeposit(db, {
        username,
        amount,
        cryptoCurrencyCode: code,
        confirmations: confirmations ?? undefined,
        source: "cli",
        auditActor: { kind: "cli" },
      });
      print(describe(deposit));
      return 0;
    });
  },
};

export const confirmCommand: CliCommand = {
  name: "confirm",
  usage: CONFIRM_USAGE,
  description: "Dev chain: add a confirmation (or set N) to a deposit or to every pending one.",
  async run(args, { db, print }) {
    const { positional, confirmations } = takeConfirmations(args);
    const [target] = positional;
    const isAll = target === "all";
    if (
      !target ||
      positional.length !== 1 ||
      Number.isNaN(confirmations) ||
      (!isAll && !/^[1-9][0-9]{0,15}$/.test(target))
    ) {
      print(`usage: ${CONFIRM_USAGE}`);
      return 2;
    }
    return reportingRefusals(print, async () => {
      const deposits = isAll
        ? await confirmPendingDeposits(db, confirmations)
        : [await confirmDeposit(db, Number(target), confirmations, undefined, { kind: "cli" })];
      for (const deposit of deposits) print(describe(deposit));
      if (isAll) print(`${deposits.length} pending deposit(s) confirmed`);
      return 0;
    });
  },
};

export const broadcastCommand: CliCommand = {
  name: "withdrawals:broadcast",
  usage: "withdrawals:broadcast",
  description: "Broadcast waiting withdrawals now (a job does it every minute).",
  async run(_args, { db, print }) {
    const report = await broadcastPendingWithdrawals(db);
    print(
      `withdrawals: ${report.claimed} claimed, ${report.completed} completed, ${report.failed} failed, ${report.retryLater} to retry`,
    );
    return 0;
  },
};
