/**
 * The one door for error reports (docs/product.md#error-reports: 401, 500 and slow requests are
 * reported).
 * It logs to the console; an error-reporting service, once there is one, replaces the reporter here.
 */
type ErrorReportKind = "http_error" | "slow_request" | "network_error" | "render_error" | "invalid_answer";

export interface ErrorReport {
  kind: ErrorReportKind;
  message: string;
  status?: number;
  method?: string;
  url?: string;
  durationMs?: number;
  error?: unknown;
}

type ErrorReporter = (report: ErrorReport) => void;

const consoleReporter: ErrorReporter = (report) => {
  console.warn(`[souk] ${report.kind}: ${report.message}`, report);
};

const currentReporter: ErrorReporter = consoleReporter;

export function reportError(report: ErrorReport): void {
  try {
    currentReporter(report);
  } catch {
    // A broken reporter must never break the request that triggered it.
  }
}
