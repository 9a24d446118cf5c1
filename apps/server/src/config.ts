import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const onByDefault = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value !== "false" && value !== "0");

/** A comma-separated list, trimmed, without empty items; `upper` for ISO country codes. */
const commaList = (fallback: string, upper = false) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(",")
        .map((item) => (upper ? item.trim().toUpperCase() : item.trim().toLowerCase()))
        .filter((item) => item !== ""),
    );

/** Every setting the server reads from its environment, parsed once here and nowhere else. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    SOUK_ENV: z.enum(["local", "staging", "production", "testing", "automation", "demo"]).default("local"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: z.string().url().optional(),
    DATABASE_URL: z.string().optional(),
    DATABASE_READ_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    SOUK_DATA_DIR: z.string().default(".data"),
    SOUK_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    SOUK_ROLE: z.enum(["api", "worker", "all"]).default("all"),
    /**
     * Demo data (accounts with a published password): `auto` loads it into an empty embedded
     * database outside production; `always` also into DATABASE_URL or production; `never` not at all.
     */
    SOUK_SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
    SOUK_WEB_DIST: z.string().optional(),
    SOUK_SECRET: z.string().min(16).optional(),
    SOUK_TEST_BUILD: booleanFlag,
    /** Failpoints to arm, comma-separated (platform/failpoints.ts); only a test build arms them. */
    SOUK_FAILPOINTS: z.string().default(""),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 14),
    /**
     * How long this process may reuse a session it has looked up (0: look it up on every request).
     * A logout on this process takes effect at once; one on another copy, or a ban, within this time.
     */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    COOKIE_SECURE: booleanFlag,
    /** Hops of trusted reverse proxies in front of Souk; 0 trusts no X-Forwarded-For header. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(10_000),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    /**
     * /metrics on the main port answers only a request carrying `Authorization: Bearer <token>`;
     * without a token it is not served there at all (404).
     */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** A separate listener for /metrics (no token asked), on METRICS_HOST; unset: none. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().default("127.0.0.1"),
    /** The OpenAPI pages at /docs (served with a strict content security policy); false turns them off. */
    SOUK_API_DOCS: onByDefault,
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Souk <no-reply@souk.local>"),
    /**
     * Text messages go to this HTTP gateway (POST, bearer SMS_GATEWAY_TOKEN); unset, they stay in
     * the outbox for `sms:list` (the dev adapter).
     */
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    /**
     * Telegram notifications: the bot's token (from BotFather) and username (for the `/start`
     * deep link); unset, the Telegram channel is off. The Bot API base URL is configurable for
     * tests (a local fake) and self-hosted Bot API servers.
     */
    TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
    TELEGRAM_BOT_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9_]{3,64}$/)
      .optional(),
    TELEGRAM_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.telegram.org"),
    /**
     * Web push (the `app` channel): who push services may contact about this server's pushes, a
     * `mailto:` address or an https URL (the VAPID subject). Unset: `mailto:` and MAIL_FROM's address.
     */
    WEB_PUSH_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/)
      .optional(),
    /**
     * Days the identity and company documents of a rejected application or a closed account are
     * kept before a daily job removes their files.
     */
    SOUK_DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
    /**
     * The offer page's risk warnings (docs/decisions/140-offer-risk-warnings.md): payment methods
     * (slugs) whose payments the payer can reverse, sanctioned countries, and grey-listed countries
     * (ISO codes). Each is a comma-separated list; an empty value turns its warning off.
     */
    SOUK_CHARGEBACK_RISKY_METHODS: commaList(
      "paypal,cash-app,venmo,zelle,revolut,apple-pay,google-pay,visa-debit-card,mastercard",
    ),
    SOUK_SANCTIONED_COUNTRIES: commaList("CU,IR,KP,SY", true),
    SOUK_GRAY_COUNTRIES: commaList("DZ,AO,BG,BF,CM,CI,HR,CD,HT,KE,LA,LB,ML,MC,MZ,NA,NP,NG,ZA,SS,SY,TZ,VE,VN,YE", true),
    /**
     * Who checks verification submissions: `manual` (the moderators' review queue) or `sumsub` (an
     * outside provider with SumSub's REST shape, which decides through its signed callback).
     */
    VERIFICATION_PROVIDER: z.enum(["manual", "sumsub"]).default("manual"),
    /** The SumSub-shaped provider: its API base URL, app token and secret key (signing requests). */
    SUMSUB_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.sumsub.com"),
    SUMSUB_APP_TOKEN: z.string().min(1).optional(),
    SUMSUB_SECRET_KEY: z.string().min(8).optional(),
    /** The secret the provider signs its callbacks with (X-Payload-Digest). */
    SUMSUB_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** The provider's verification level an applicant is created at. */
    SUMSUB_LEVEL_NAME: z.string().min(1).max(100).default("basic-kyc-level"),
    RATES_FILE: z.string().optional(),
    SOUK_FEATURE_FLAGS: z.string().optional(),
    /** Requests per minute each API client may make to /paxful/v1 (per server copy). */
    PAXFUL_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
    /**
     * Lets webhook URLs and push subscription endpoints reach private, loopback and link-local
     * addresses over http (development and tests only).
     */
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag,
  })
  .refine(
    (config) =>
      config.VERIFICATION_PROVIDER !== "sumsub" ||
      (config.SUMSUB_APP_TOKEN !== undefined &&
        config.SUMSUB_SECRET_KEY !== undefined &&
        config.SUMSUB_WEBHOOK_SECRET !== undefined),
    {
      path: ["VERIFICATION_PROVIDER"],
      message: "sumsub needs SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET",
    },
  )
  .refine((config) => config.NODE_ENV !== "production" || config.SOUK_FAILPOINTS === "", {
    // A failpoint kills the process on purpose: a production server refuses to start with one named.
    path: ["SOUK_FAILPOINTS"],
    message: "failpoints exist for test builds only; unset SOUK_FAILPOINTS in production",
  });

export type Config = z.infer<typeof configSchema> & { dataDir: string; rootDir: string };

/** The repository root, from this file's place (apps/server/src). */
export const ROOT_DIR = path.resolve(import.meta.dirname, "../../..");

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`invalid configuration: ${problems}`);
  }
  const dataDir = path.resolve(ROOT_DIR, overrides.SOUK_DATA_DIR ?? parsed.data.SOUK_DATA_DIR);
  return { ...parsed.data, ...overrides, dataDir, rootDir: ROOT_DIR };
}

/** Where people reach this Souk (links in mail): PUBLIC_URL without a trailing slash, else localhost. */
export function publicUrlOf(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}
