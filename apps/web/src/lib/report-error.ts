/**
 * The one door for error reports (docs/product.md#error-reports: 401, 500 and slow requests are
 * reported).
 * It logs to the console until an error-reporting service is configured with setErrorReporter.
 */
export type ErrorReportKind = "http_error" | "slow_request" | "network_error" | "render_error" | "invalid_answer";

export interface ErrorReport {
  kind: ErrorReportKind;
  message: string;
  status?: number;
  method?: string;
  url?: string;
  durationMs?: number;
  error?: unknown;
}

export type ErrorReporter = (report: ErrorReport) => void;

const consoleReporter: ErrorReporter = (report) => {
  console.warn(`[souk] ${report.kind}: ${report.message}`, report);
};

let currentReporter: ErrorReporter = consoleReporter;

export function setErrorReporter(reporter: ErrorReporter | null): void {
  currentReporter = reporter ?? consoleReporter;
}

export function reportError(report: ErrorReport): void {
  try {
    currentReporter(report);
  } catch {
    // A broken reporter must never break the request that triggered it.
  }
}
