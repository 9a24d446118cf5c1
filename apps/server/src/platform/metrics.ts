import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

export interface Metrics {
  registry: Registry;
  /** Records one answered request. */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "souk_http_request_duration_seconds",
    help: "HTTP request duration by route and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  return {
    registry,
    observeRequest: (labels, seconds) => duration.observe({ ...labels, status: String(labels.status) }, seconds),
  };
}

/**
 * Whether a request to /metrics on the main port may read them. Per-route latencies and process
 * figures help an attacker time and target the service, so the main port serves them only to a
 * scraper that presents the configured token; with no token configured, to nobody.
 */
export function mayReadMetrics(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith("Bearer ")) return false;
  const given = Buffer.from(authorization.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * /metrics on an address of its own (METRICS_HOST:METRICS_PORT), for a scraper on a private
 * network: whoever can reach that address may read them, so it defaults to loopback.
 */
export async function listenForMetrics(
  registry: Registry,
  where: { host: string; port: number },
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("metrics failed\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
