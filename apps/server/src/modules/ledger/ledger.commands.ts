import type { CliCommand } from "../../platform/index.ts";
import { formatVerifyReport } from "./ledger.verify.ts";
import { verifyAndRecord } from "./ledger.verify-runs.ts";

export const ledgerVerifyCommand: CliCommand = {
  name: "ledger:verify",
  usage: "ledger:verify [--json]",
  description: "Check the ledger invariants (I1-I5); exits 1 on any drift.",
  async run(args, { db, print, ledgerChecks }) {
    const report = await verifyAndRecord(db, ledgerChecks, "cli");
    if (args.includes("--json")) print(JSON.stringify(report, null, 2));
    else for (const line of formatVerifyReport(report)) print(line);
    return report.isOk ? 0 : 1;
  },
};
