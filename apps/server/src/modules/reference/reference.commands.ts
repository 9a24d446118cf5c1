import type { CliCommand } from "../../platform/index.ts";
import { refreshRatesFromFile } from "./rates.service.ts";

export const refreshRatesCommand: CliCommand = {
  name: "rates:refresh",
  usage: "rates:refresh [file]",
  description: "Load a rates file (default: RATES_FILE, else the shipped one); safe to run again.",
  async run([file], { db, config, print }) {
    const result = await refreshRatesFromFile(db, file ?? config.RATES_FILE);
    print(`rates as of ${result.asOf} loaded from ${result.filePath}: ${result.written} rows written`);
    if (result.skipped.length > 0) print(`not currencies here, skipped: ${result.skipped.join(", ")}`);
    return 0;
  },
};
