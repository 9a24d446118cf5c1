import type { CliCommand } from "../../platform/index.ts";
import { formatVerifyReport, verifyLedger } from "./ledger.verify.ts";

export const ledgerVerifyCommand: CliCommand = {
  name: "ledger:verify",
  usage: "ledger:verify [--json]",
  description: "Check the ledger invariants (I1-I5); exits 1 on any drift.",
  async run(args, { db, print, ledgerChecks }) {
    const report = await verifyLedger(db, ledgerChecks);
    if (args.includes("--json")) print(JSON.stringify(report, null, 2));
    else for (const line of formatVerifyReport(report)) print(line);
    return report.isOk ? 0 : 1;
  },
};
