/**
 * Marketplace listing benchmark: 100,000 active offers, 16 concurrent clients over real HTTP with
 * keep-alive, a mix of typical filters, beside a trivial route of the same server that runs one
 * trivial query (/readyz: SELECT 1). Prints p50, p99 and throughput of both, their ratio and the
 * goals (listing p99 < 25 ms; listing throughput >= 40 % of the trivial route's).
 *
 * It starts its own PostgreSQL in a temporary directory, seeds it, and runs the real app in a
 * child process (so the load generator does not share the server's event loop).
 *
 *   npm run bench -- offers [--seconds 15]
 *   npx tsx scripts/bench/offers.ts [--offers 100000] [--seconds 15] [--clients 16]
 */
import { execFileSync, fork } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { freePort } from "../../apps/server/test/server-copies.ts";
import type { Bench } from "./run.ts";

export interface OffersBenchOptions {
  offers?: number;
  vendors?: number;
  seconds?: number;
  warmupSeconds?: number;
  clients?: number;
  print?: (line: string) => void;
}

export interface RouteFigures {
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
}

export interface OffersBenchResult {
  trivial: RouteFigures;
  /** As deployed: visitors' pages cached for two seconds. */
  listing: RouteFigures;
  /** Logged-in viewers, as deployed: the shared page plus each viewer's favourites (one blocks someone). */
  listingLoggedIn: RouteFigures;
  /** Every request answered from the database (the page cache switched off). */
  listingUncached: RouteFigures;
  ratio: number;
  ratioLoggedIn: number;
  ratioUncached: number;
  isP99Met: boolean;
  isRatioMet: boolean;
}

const P99_GOAL_MS = 25;
const RATIO_GOAL = 0.4;
const MARKETPLACE_JS_GOAL_KIB = 170;

/**
 * The gzipped JavaScript the marketplace page loads first (the entry chunk, the marketplace page
 * chunk and their static imports), counted by scripts/web-size.mjs over the built web app; the
 * app is built first when no build is there.
 */
function marketplaceFirstLoadKiB(root: string): number {
  if (!existsSync(path.join(root, "apps", "web", "dist", "index.html"))) {
    execFileSync("npm", ["run", "build", "-w", "@souk/web"], { cwd: root, stdio: "ignore" });
  }
  const output = execFileSync(process.execPath, [path.join(root, "scripts", "web-size.mjs"), "marketplace-page"], {
    cwd: root,
    encoding: "utf8",
  });
  const total = /([\d.]+) KiB\s+total gzipped JavaScript/.exec(output);
  if (!total?.[1]) throw new Error(`web-size printed no total:\n${output}`);
  return Number(total[1]);
}

/**
 * Typical marketplace queries: a side and a coin, mostly a currency, often a payment method, an
 * amount, a second page or another sort. They are drawn (seeded) over the bench's currencies and
 * their payment methods, a few hundred distinct pages, weighted like the offers themselves.
 */
export function typicalListingQueries(methodsByFiat: Map<string, string[]>, count = 400): string[] {
  const random = seededRandom(7);
  const queries = new Set<string>();
  const cryptoCodes: [string, number][] = [
    ["BTC", 50],
    ["USDT", 30],
    ["ETH", 20],
  ];
  for (let attempt = 0; queries.size < count && attempt < count * 20; attempt += 1) {
    const side = random() < 0.7 ? "buy" : "sell";
    const crypto = weighted(random, cryptoCodes);
    const fiat = weighted(random, FIATS);
    const roll = random();
    const parts = [`type=${side}`, `crypto_currency_code=${crypto}`];
    if (roll < 0.1) {
      // The home page: a coin only, sometimes a group or online owners.
      if (random() < 0.5) parts.push(random() < 0.5 ? "group=online-transfers" : "onlineUsers=true");
    } else {
      parts.push(`currencyCode=${fiat}`);
      const methods = methodsByFiat.get(fiat) ?? [];
      if (random() < 0.45 && methods.length > 0)
        parts.push(`payment-method=${methods[Math.floor(random() * methods.length)]}`);
      if (random() < 0.15)
        parts.push(`fiat-min=${[50, 100, 200, 500][Math.floor(random() * 4)]! * (FIAT_SCALE[fiat] ?? 1)}`);
      if (random() < 0.1) parts.push("page=2");
      if (random() < 0.1) parts.push(random() < 0.5 ? "sortType=price_desc" : "sortType=price_asc");
      if (random() < 0.05) parts.push("isVerifiedUsers=true");
      if (random() < 0.05) parts.push("tags=no-vpn");
    }
    queries.add(parts.join("&"));
  }
  return [...queries];
}

/** Rough units per USD, so fiat-min amounts are typical in each currency. */
const FIAT_SCALE: Record<string, number> = {
  NGN: 1000,
  INR: 100,
  KES: 100,
  PHP: 50,
  MXN: 20,
  ARS: 1000,
  TRY: 40,
  ZAR: 20,
};

const FIATS: [string, number][] = [
  ["USD", 30],
  ["EUR", 12],
  ["GBP", 6],
  ["NGN", 12],
  ["INR", 8],
  ["KES", 5],
  ["BRL", 5],
  ["MXN", 4],
  ["PHP", 4],
  ["GHS", 3],
  ["CAD", 3],
  ["ZAR", 2],
  ["ARS", 2],
  ["TRY", 2],
  ["AED", 2],
];
const CRYPTOS: [number, number][] = [
  [1, 50],
  [3, 30],
  [2, 20],
];
const BERLIN_WEEKDAYS_6_TO_23 = `{${[0, 1, 2, 3, 4].map((day) => `[${day * 1440 + 300},${day * 1440 + 1320})`).join(",")}}`;
const TAGS = ["no-vpn", "no-id-needed", "guided-trade", "receipt-required", "instant-release", "beginner-friendly"];

function weighted<T>(random: () => number, items: [T, number][]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function seedBenchOffers(
  ownerUrl: string,
  offers: number,
  vendors: number,
  print: (line: string) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `INSERT INTO users (username, email, password_hash, referral_code, roles, country_iso, last_seen_at, id_verified_at, is_banned)
       SELECT 'vendor' || i, 'vendor' || i || '@bench.local', 'x', 'REF' || i, ARRAY['user','vendor'],
              (ARRAY['US','NG','IN','DE','GB','KE','BR','MX','PH','FR'])[1 + i % 10],
              -- A quarter of the vendors were seen in the last ten minutes, the rest within two days.
              now() - make_interval(mins => CASE WHEN i % 4 = 0 THEN i % 9 ELSE (i * 37) % 2880 END),
              CASE WHEN i % 3 = 0 THEN now() END,
              i % 100 = 0
       FROM generate_series(1, $1::int) AS i`,
      [vendors],
    );
    const firstUser = Number((await client.query("SELECT min(id) AS id FROM users")).rows[0].id);
    const methods = (
      await client.query<{ id: number; group_id: number; currency_codes: string[] | null }>(
        "SELECT id, payment_method_group_id AS group_id, currency_codes FROM payment_methods",
      )
    ).rows;
    const fiatIds = new Map(
      (await client.query<{ id: number; code: string }>("SELECT id, code FROM fiat_currencies")).rows.map((r) => [
        r.code,
        r.id,
      ]),
    );
    const rates = new Map(
      (
        await client.query<{ base_code: string; quote_code: string; rate: string }>(
          "SELECT DISTINCT ON (base_code, quote_code) base_code, quote_code, rate FROM rate_history ORDER BY base_code, quote_code, day DESC",
        )
      ).rows.map((r) => [r.base_code === "USD" ? r.quote_code : r.base_code, Number(r.rate)]),
    );
    const cryptoCodes: Record<number, string> = { 1: "BTC", 2: "ETH", 3: "USDT" };
    const random = seededRandom(42);
    const batch = 10_000;
    for (let start = 0; start < offers; start += batch) {
      const columns: Record<string, unknown[]> = {
        id_hashed: [],
        user_id: [],
        type: [],
        crypto: [],
        fiat: [],
        method: [],
        grp: [],
        flow: [],
        margin: [],
        fixed: [],
        fixedUsd: [],
        lmin: [],
        lmax: [],
        tags: [],
        duty: [],
        dutyRanges: [],
        active: [],
        moderation: [],
      };
      for (let index = start; index < Math.min(offers, start + batch); index += 1) {
        const fiat = weighted(random, FIATS);
        const crypto = weighted(random, CRYPTOS);
        const usable = methods.filter((m) => m.currency_codes === null || m.currency_codes.includes(fiat));
        const method = usable[Math.floor(random() * usable.length)]!;
        const type = random() < 0.5 ? "sell" : "buy";
        const margin = type === "sell" ? -1 + random() * 12 : -8 + random() * 9;
        const perUsd = rates.get(fiat) ?? 1;
        const market = (rates.get(cryptoCodes[crypto]!) ?? 1) * perUsd;
        const minUsd = [10, 20, 50, 100, 200][Math.floor(random() * 5)]!;
        const isFixed = random() < 0.15;
        columns.id_hashed!.push(`b${String(index).padStart(10, "0")}`);
        columns.user_id!.push(firstUser + Math.floor(random() * vendors));
        columns.type!.push(type);
        columns.crypto!.push(crypto);
        columns.fiat!.push(fiatIds.get(fiat));
        columns.method!.push(method.id);
        columns.grp!.push(method.group_id);
        columns.flow!.push(random() < 0.95 ? "default" : random() < 0.5 ? "lite" : "gcc-auto");
        columns.margin!.push(margin.toFixed(2));
        const fixedPrice = isFixed ? (market * (1 + margin / 100)).toFixed(2) : null;
        columns.fixed!.push(fixedPrice);
        columns.fixedUsd!.push(fixedPrice === null ? null : (Number(fixedPrice) / perUsd).toFixed(12));
        columns.lmin!.push(String(Math.max(1, Math.round(minUsd * perUsd))));
        columns.lmax!.push(String(Math.max(2, Math.round(minUsd * perUsd * (5 + Math.floor(random() * 50))))));
        columns.tags!.push(`{${TAGS.filter(() => random() < 0.2).join(",")}}`);
        const hasDutyHours = random() < 0.1;
        columns.duty!.push(
          hasDutyHours
            ? JSON.stringify(
                [1, 2, 3, 4, 5].map((day) => ({ day, startTime: "06:00", endTime: "23:00", active: true })),
              )
            : "[]",
        );
        // The same windows as minutes of the week in UTC (Europe/Berlin is one hour ahead in winter).
        columns.dutyRanges!.push(hasDutyHours ? BERLIN_WEEKDAYS_6_TO_23 : null);
        columns.active!.push(random() < 0.92);
        columns.moderation!.push(random() < 0.98 ? 1 : 2);
      }
      await client.query(
        `INSERT INTO offers (id_hashed, user_id, type, crypto_currency_id, fiat_currency_id, payment_method_id,
           payment_method_group_id, flow_type, margin, fixed_price, fixed_price_usd, fiat_limit_min, fiat_limit_max, tags, duty_hours,
           duty_utc_ranges, duty_utc_offset_minutes, timezone, is_active, moderation_status, offer_terms)
         SELECT id_hashed, user_id, type, crypto, fiat, method, grp, flow, margin, fixed, fixed_usd, lmin, lmax, tags::text[],
                duty::jsonb, duty_ranges::int4multirange, 60, 'Europe/Berlin', active, moderation,
                'Send the exact amount and upload your receipt.'
         FROM unnest($1::text[], $2::bigint[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[],
                     $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::text[],
                     $15::text[], $16::text[], $17::boolean[], $18::smallint[])
           AS t(id_hashed, user_id, type, crypto, fiat, method, grp, flow, margin, fixed, fixed_usd, lmin, lmax, tags,
                duty, duty_ranges, active, moderation)`,
        Object.values(columns),
      );
    }
    await seedVendorBalances(client, ownerUrl, { firstUser, vendors });
    await client.query("VACUUM ANALYZE offers");
    await client.query("ANALYZE users");
    await client.query("ANALYZE ledger_accounts");
    const listed = (await client.query("SELECT count(*) AS n FROM offers WHERE is_listed")).rows[0].n;
    print(
      `seeded ${offers} offers (${listed} listed) of ${vendors} vendors in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  } finally {
    await client.end();
  }
}

/**
 * The vendors' available balances, which the listing reads for every sell offer it shows: most
 * vendors hold plenty, one in ten holds a little (some of their offers are capped or left out) and
 * one in ten holds nothing of a coin. Written straight into the accounts (the bench's throw-away
 * ledger is never verified); then every sell offer's funding state at the current rates, as the
 * offers module's job writes it.
 */
async function seedVendorBalances(
  client: pg.Client,
  ownerUrl: string,
  { firstUser, vendors }: { firstUser: number; vendors: number },
): Promise<void> {
  await client.query(
    `INSERT INTO ledger_accounts (key, currency_id, kind, owner_user_id, balance)
     SELECT 'available:u' || u.id || ':c' || c.id, c.id, 'available', u.id,
            CASE WHEN u.id % 10 = 3 THEN 0
                 WHEN u.id % 10 = 7 THEN (10::numeric ^ c.decimals * 250 / cr.usd)::bigint
                 ELSE (10::numeric ^ c.decimals * 50000 / cr.usd)::bigint END
     FROM generate_series($1::bigint, $2::bigint) AS u(id)
     CROSS JOIN crypto_currencies c
     JOIN LATERAL (SELECT rate AS usd FROM rate_history WHERE base_code = c.code AND quote_code = 'USD'
                   ORDER BY day DESC LIMIT 1) cr ON true`,
    [firstUser, firstUser + vendors - 1],
  );
  const { openDatabase } = await import("../../apps/server/src/db/pool.ts");
  const { refreshAllFunding } = await import("../../apps/server/src/modules/offers/index.ts");
  const handles = openDatabase(ownerUrl, { role: null });
  try {
    await refreshAllFunding(handles.db);
  } finally {
    await handles.close();
  }
}

interface Agent {
  get(pathAndQuery: string, cookie?: string): Promise<number>;
  close(): void;
}

function httpAgent(port: number, sockets: number): Agent {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return {
    get(pathAndQuery, cookie) {
      return new Promise((resolve, reject) => {
        const headers = cookie ? { cookie } : {};
        const request = http.get({ host: "127.0.0.1", port, path: pathAndQuery, agent, headers }, (response) => {
          response.on("data", () => {});
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
      });
    },
    close: () => agent.destroy(),
  };
}

/** `cookies`, when given, are sessions: client i sends cookies[i % length] with every request. */
async function drive(
  agent: Agent,
  paths: string[],
  clients: number,
  seconds: number,
  cookies: readonly string[] = [],
): Promise<RouteFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const cookie = cookies.length > 0 ? cookies[client % cookies.length] : undefined;
      while (performance.now() < deadline) {
        const target = paths[next % paths.length]!;
        next += 1;
        const begin = performance.now();
        try {
          const status = await agent.get(target, cookie);
          if (status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, p50Ms: at(0.5), p99Ms: at(0.99), perSecond: latencies.length / elapsed };
}

function line(name: string, figures: RouteFigures): string {
  return `${name.padEnd(22)} ${figures.perSecond.toFixed(0).padStart(7)} req/s   p50 ${figures.p50Ms.toFixed(2).padStart(6)} ms   p99 ${figures.p99Ms.toFixed(2).padStart(6)} ms   (${figures.requests} requests, ${figures.errors} errors)`;
}

/** The server half: builds the real app on the given database and listens on a free port. */
async function serve(): Promise<void> {
  const { buildApp } = await import("../../apps/server/src/app.ts");
  const { loadConfig } = await import("../../apps/server/src/config.ts");
  const { openDatabase } = await import("../../apps/server/src/db/pool.ts");
  const url = process.env.BENCH_DATABASE_URL ?? "";
  if (process.env.BENCH_LISTING_CACHE === "off") {
    const { configureListingCache } = await import("../../apps/server/src/modules/offers/index.ts");
    configureListingCache({ ttlMs: 0 });
  }
  const config = loadConfig({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: url });
  const database = openDatabase(url, { poolSize: 20 });
  const app = await buildApp({ config, db: database.db, logger: false, serveWeb: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
}

export async function runOffersBench(options: OffersBenchOptions = {}): Promise<OffersBenchResult> {
  const print = options.print ?? ((text: string) => console.log(text));
  const offers = options.offers ?? 100_000;
  const vendors = options.vendors ?? Math.max(50, Math.round(offers / 20));
  const seconds = options.seconds ?? 15;
  const warmup = options.warmupSeconds ?? 3;
  const clients = options.clients ?? 16;

  const { startEmbeddedPostgres } = await import("../../apps/server/src/db/embedded.ts");
  const { migrate } = await import("../../apps/server/src/db/migrate.ts");
  const { openDatabase, withDatabaseNameFallback } = await loadDbHelpers();
  const { refreshRatesFromFile } = await import("../../apps/server/src/modules/reference/index.ts");

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "souk-bench-offers-"));
  const cluster = await startEmbeddedPostgres({ dataDir, port: await freePort(), isDisposable: true });
  let child: ReturnType<typeof fork> | null = null as ReturnType<typeof fork> | null;
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query("CREATE DATABASE bench");
    await admin.end();
    const ownerUrl = withDatabaseNameFallback(cluster.adminUrl, "bench");
    await migrate(ownerUrl);
    const handles = openDatabase(ownerUrl);
    await refreshRatesFromFile(handles.db);
    await handles.close();
    await seedBenchOffers(ownerUrl, offers, vendors, print);

    const methodsByFiat = await listMethodsByFiat(ownerUrl);
    const viewerCookies = await createBenchViewers(ownerUrl, clients);
    const listingPaths = typicalListingQueries(methodsByFiat).map((query) => `/rest/v1/offers?${query}`);
    print(
      `${listingPaths.length} distinct listing queries; ${clients} clients, ${warmup} s warm-up and ${seconds} s per run`,
    );

    const measure = async (cache: "on" | "off") => {
      child = fork(new URL(import.meta.url).pathname, [], {
        env: { ...process.env, OFFERS_BENCH_ROLE: "server", BENCH_DATABASE_URL: ownerUrl, BENCH_LISTING_CACHE: cache },
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      const server = child;
      const port = await new Promise<number>((resolve, reject) => {
        server.once("message", (message) => resolve((message as { port: number }).port));
        server.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
      });
      const agent = httpAgent(port, clients);
      // Check every query answers before timing anything.
      for (const target of listingPaths) {
        const status = await agent.get(target);
        if (status !== 200) throw new Error(`${target} answered ${status}`);
      }
      await drive(agent, ["/readyz"], clients, warmup);
      const trivialRun = await drive(agent, ["/readyz"], clients, seconds);
      // Long enough for every pooled connection to prepare the listing's statements once.
      await drive(agent, listingPaths, clients, Math.max(warmup, 8));
      const listingRun = await drive(agent, listingPaths, clients, seconds);
      const loggedInRun = cache === "on" ? await drive(agent, listingPaths, clients, seconds, viewerCookies) : null;
      agent.close();
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      return { trivialRun, listingRun, loggedInRun };
    };

    const cached = await measure("on");
    const uncached = await measure("off");
    // The trivial route is measured beside each run; the better of the two is the baseline.
    const trivial =
      cached.trivialRun.perSecond >= uncached.trivialRun.perSecond ? cached.trivialRun : uncached.trivialRun;
    const listing = cached.listingRun;
    const listingUncached = uncached.listingRun;
    const listingLoggedIn = cached.loggedInRun ?? listing;
    const ratio = listing.perSecond / trivial.perSecond;
    const ratioLoggedIn = listingLoggedIn.perSecond / trivial.perSecond;
    const ratioUncached = listingUncached.perSecond / trivial.perSecond;
    const result: OffersBenchResult = {
      trivial,
      listing,
      listingLoggedIn,
      listingUncached,
      ratio,
      ratioLoggedIn,
      ratioUncached,
      isP99Met: listing.p99Ms < P99_GOAL_MS && listingLoggedIn.p99Ms < P99_GOAL_MS,
      isRatioMet: ratio >= RATIO_GOAL && ratioLoggedIn >= RATIO_GOAL,
    };
    print("");
    print(line("trivial (/readyz)", trivial));
    print(line("listing, visitors", listing));
    print(line("listing, logged in", listingLoggedIn));
    print(line("listing, no page cache", listingUncached));
    print(
      `ratio listing/trivial  ${(ratio * 100).toFixed(1)} % visitors, ${(ratioLoggedIn * 100).toFixed(1)} % logged in, ${(ratioUncached * 100).toFixed(1)} % without the page cache`,
    );
    print(
      `goal p99 < ${P99_GOAL_MS} ms:          ${result.isP99Met ? "met" : "MISSED"} (visitors ${listing.p99Ms.toFixed(2)} ms, logged in ${listingLoggedIn.p99Ms.toFixed(2)} ms; ${listingUncached.p99Ms.toFixed(2)} ms without the cache)`,
    );
    print(
      `goal ratio >= ${RATIO_GOAL * 100} %:         ${result.isRatioMet ? "met" : "MISSED"} (visitors ${(ratio * 100).toFixed(1)} %, logged in ${(ratioLoggedIn * 100).toFixed(1)} %; ${(ratioUncached * 100).toFixed(1)} % without the cache)`,
    );
    const jsKiB = marketplaceFirstLoadKiB(path.resolve(import.meta.dirname, "..", ".."));
    print(
      `marketplace first-load JavaScript: ${jsKiB.toFixed(1)} KiB gzipped; goal <= ${MARKETPLACE_JS_GOAL_KIB} KiB: ${jsKiB <= MARKETPLACE_JS_GOAL_KIB ? "met" : "MISSED"}`,
    );
    print(
      `machine load average at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores`,
    );
    return result;
  } finally {
    if (child && child.exitCode === null) child.kill("SIGTERM");
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function listMethodsByFiat(ownerUrl: string): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const methods = (
      await client.query<{ slug: string; currency_codes: string[] | null }>(
        "SELECT slug, currency_codes FROM payment_methods",
      )
    ).rows;
    return new Map(
      FIATS.map(([fiat]) => [
        fiat,
        methods.filter((m) => m.currency_codes === null || m.currency_codes.includes(fiat)).map((m) => m.slug),
      ]),
    );
  } finally {
    await client.end();
  }
}

/**
 * Logged-in buyers for the logged-in run, one per client, each with a real session and five
 * favourite offers; the first one also blocks a vendor (so its pages are computed for it alone).
 * Answers their session cookies.
 */
async function createBenchViewers(ownerUrl: string, count: number): Promise<string[]> {
  const { openDatabase } = await loadDbHelpers();
  const { createSession, SESSION_COOKIE } = await import("../../apps/server/src/platform/index.ts");
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const handles = openDatabase(ownerUrl);
  try {
    const ids = (
      await client.query<{ id: string }>(
        `INSERT INTO users (username, email, password_hash, referral_code, roles, country_iso)
         SELECT 'viewer' || i, 'viewer' || i || '@bench.local', 'x', 'VREF' || i, ARRAY['user'], 'US'
         FROM generate_series(1, $1::int) AS i RETURNING id::text`,
        [count],
      )
    ).rows.map((row) => Number(row.id));
    await client.query(
      `INSERT INTO offer_favorites (user_id, offer_id)
       SELECT v, o.id FROM unnest($1::bigint[]) AS v,
         LATERAL (SELECT id FROM offers WHERE id % 997 = v % 997 ORDER BY id LIMIT 5) AS o`,
      [ids],
    );
    await client.query(
      `INSERT INTO user_relations (owner_user_id, other_user_id, state)
       SELECT $1::bigint, id, 'blocked' FROM users WHERE username = 'vendor2'`,
      [ids[0]],
    );
    const cookies: string[] = [];
    for (const userId of ids) {
      const session = await createSession(handles.db, { userId, ttlHours: 24, ip: null, userAgent: "bench" });
      cookies.push(`${SESSION_COOKIE}=${session.token}`);
    }
    return cookies;
  } finally {
    await client.end();
    await handles.close();
  }
}

async function loadDbHelpers() {
  const { openDatabase } = await import("../../apps/server/src/db/pool.ts");
  const { withDatabaseName } = await import("../../apps/server/src/db/connect.ts");
  return { openDatabase, withDatabaseNameFallback: withDatabaseName };
}

function argument(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) ? value : undefined;
}

/** `npm run bench -- offers [--seconds N]`. */
export const offersBench: Bench = {
  name: "offers",
  description: "marketplace listing at 100,000 offers over HTTP at 16 clients, beside a SELECT 1 route",
  async run(options) {
    const result = await runOffersBench({
      print: options.print,
      ...(options.seconds === undefined ? {} : { seconds: options.seconds }),
    });
    if (!result.isP99Met || !result.isRatioMet) process.exitCode = 1;
  },
};

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (process.env.OFFERS_BENCH_ROLE === "server") {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (isMain) {
  runOffersBench({ offers: argument("offers"), seconds: argument("seconds"), clients: argument("clients") })
    .then((result) => process.exit(result.isP99Met && result.isRatioMet ? 0 : 1))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
