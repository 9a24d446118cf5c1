/**
 * A Stryker reporter that appends each mutant's outcome to a JSON-lines file as soon as it is
 * known (SOUK_MUTATE_RESULT_LOG, set by run.ts), so a run cut short still says what it measured
 * and its survivors can be worked on while it runs: `npm run mutate -- --partial <module>`.
 * Plain JavaScript: Stryker's worker processes load every plugin, and they do not run through tsx.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { declareClassPlugin, PluginKind } from "@stryker-mutator/api/plugin";

class ResultLogReporter {
  static inject = [];

  constructor() {
    this.file = process.env.SOUK_MUTATE_RESULT_LOG;
    if (this.file) writeFileSync(this.file, "");
  }

  onMutantTested(result) {
    if (!this.file) return;
    const { id, fileName, location, mutatorName, replacement, status, statusReason, killedBy } = result;
    const line = { id, fileName, location, mutatorName, replacement, status, killedBy };
    if (statusReason) line.statusReason = statusReason.slice(0, 300);
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, "result-log", ResultLogReporter)];
