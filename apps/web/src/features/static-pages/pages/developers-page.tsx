import type { Locale } from "@souk/contracts";
import { type DocumentContent, DocumentPage, type DocumentSection } from "../components/document-page.tsx";

/** The code of the page is the same in every language: commands and programs are not translated. */
const code = {
  cli: `npm run souk -- api-client:create alice --name "repricing bot" --scopes offer,trade,trade-chat,wallet
client_id=Qb0c3...
client_secret=v6Y1...`,
  token: `curl -s https://souk.example/oauth2/token \\
  -d grant_type=client_credentials -d client_id=$CLIENT_ID -d client_secret=$CLIENT_SECRET
{"access_token":"k2J...","token_type":"Bearer","expires_in":3600,"scope":"profile email paxful:offer:all ..."}`,
  call: `curl -s https://souk.example/paxful/v1/wallet/balance \\
  -H "Authorization: Bearer $TOKEN" -d crypto_currency_code=BTC
{"status":"success","timestamp":1764000000,"data":{"balance":99971093,"balance_escrow":0,"incoming_amount":0,"crypto_currency_code":"btc"}}`,
  offers: `curl -s https://souk.example/paxful/v1/offer/all -d offer_type=buy -d currency_code=USD -d limit=10`,
  error: `{"status":"error","timestamp":1764000000,
 "error":{"code":1003,"message":"Missing parameters: trade_hash"},
 "data":{"code":1003,"message":"Missing parameters: trade_hash"}}`,
  sdk: `// npm install @paxful/sdk-js   (unchanged: only the two hosts change)
// PAXFUL_OAUTH_HOST=https://souk.example PAXFUL_DATA_HOST=https://souk.example node bot.js
import usePaxful from "@paxful/sdk-js";

const paxful = usePaxful({ clientId: process.env.CLIENT_ID, clientSecret: process.env.CLIENT_SECRET });
const { data } = await paxful.invoke("/paxful/v1/offer/create", {
  offer_type_field: "sell", currency: "USD", payment_method: "bank-transfer", margin: 2,
  range_min: 10, range_max: 500, payment_window: 60,
  offer_terms: "Bank transfer only", trade_details: "Send the payer name in the chat",
});
await paxful.invoke("/paxful/v1/trade-chat/post", { trade_hash, message: "Hello & welcome" });
await paxful.invoke("/paxful/v1/trade/release", { trade_hash });`,
  webhookSave: `curl -s https://souk.example/webhook/v1/user/webhooks -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"tag":"bot","endpoints":[{"event_type":"trade.paid","url":"https://bot.example/hooks"}]}'`,
  webhookVerify: `import { createPublicKey, verify } from "node:crypto";

// GET https://souk.example/webhook/v1/public/.well-known/public.key (base64 of the raw 32 bytes)
const raw = Buffer.from(process.env.WEBHOOK_SIGNATURE_PUBLIC_KEY, "base64");
const key = createPublicKey({
  key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), raw]), format: "der", type: "spki",
});

function isFromSouk(request, rawBody) {
  const message = \`https://\${request.headers.host}\${request.url}:\${rawBody}\`;
  const signature = Buffer.from(request.headers["x-paxful-signature"] ?? "", "base64");
  return verify(null, Buffer.from(message), key, signature);
}
// On saving, answer the check request with the same X-Paxful-Request-Challenge header and a 2xx.`,
};

const en: DocumentContent = {
  title: "Developers",
  lead: "Souk answers the Paxful API. A trading bot written for Paxful with the official @paxful/sdk-js (or for its successor's API, which kept it) trades here unchanged: point its two host variables at this marketplace and give it a Souk API key.",
  sections: [
    {
      id: "keys",
      title: "API keys",
      paragraphs: [
        "Create a key on the API keys page of your account (name and what it may do), or ask the operator to run the command below. A key is a client id and a client secret. The secret is shown once: Souk keeps only a salted keyed hash of it. Revoking a key stops its tokens at once.",
        "Scopes follow Paxful's names: paxful:<group>:<action> for each call (paxful:trade:release, paxful:trade-chat:image:upload, ...) plus profile and email.",
      ],
      code: [{ caption: "Operator command: prints client_id= and client_secret= on their own lines", text: code.cli }],
    },
    {
      id: "tokens",
      title: "Tokens (OAuth2)",
      paragraphs: [
        "POST /oauth2/token with a form body takes the grants client_credentials (acts as the key's owner), authorization_code (acts for the user who approved your program on the consent page at GET /oauth2/authorize; the key needs a registered redirect URI) and refresh_token. An access token lives one hour. client_credentials issues no refresh token: ask again with your secret, which is what the SDK does.",
        "Only a missing, invalid, expired or revoked token is answered with HTTP 401. The SDK renews its token once on a 401 and retries; no other refusal uses 401. GET /oauth2/userinfo answers the OpenID claims of the token's user (profile and email by scope).",
      ],
      code: [{ caption: "A token for your own account", text: code.token }],
    },
    {
      id: "calls",
      title: "Calls",
      paragraphs: [
        "Every call is POST /paxful/v1/<group>/<action> (GET with the fields in the query string works too) with a form body, as the SDK sends it: unencoded values, an & inside a value, sorted keys, a[b] nesting and empty bodies are all read as meant; JSON bodies and multipart uploads are accepted as well. Answers are {status, timestamp, data}; a refusal carries {code, message} under both error and data.",
        "offer/all, offer-tag/list, the payment-method and currency lists also answer without a token.",
      ],
      code: [
        { caption: "Your BTC balance, in satoshi", text: code.call },
        { caption: "The marketplace, as a buyer sees it", text: code.offers },
        { caption: "A refusal", text: code.error },
      ],
    },
    {
      id: "sdk",
      title: "The official SDK",
      paragraphs: [
        "Set PAXFUL_OAUTH_HOST and PAXFUL_DATA_HOST to this marketplace's address (no trailing slash) before the SDK is created; everything else stays as it is. Souk's own tests run the published SDK through a whole trade between two bots: offer/create, offer/get, trade/start, trade-chat/post and get, an image upload, trade/paid, trade/release, wallet/balance and offer/deactivate.",
      ],
      code: [{ caption: "A bot, pointed at Souk", text: code.sdk }],
    },
    {
      id: "catalogue",
      title: "What is answered",
      paragraphs: [
        "Each call is a thin adapter over the same rules the web app uses: limits, escrow, requirements and refusals are Souk's, answered in Paxful's words.",
      ],
      rows: [
        {
          label: "offer",
          value:
            "all, get, list, create, update, update-price, activate, deactivate, delete, turn-on, turn-off, price, prices; offer-tag/list",
        },
        {
          label: "trade",
          value:
            "start, get, list, completed, paid, release (x-paxful-2fa header), cancel, dispute, dispute-reasons, locations",
        },
        { label: "trade-chat", value: "get, post, latest, image/upload, image" },
        { label: "user", value: "me, info, trust, untrust, block, unblock, blocked-list, types" },
        { label: "wallet", value: "balance, list-addresses" },
        {
          label: "reference",
          value: "payment-method/list, payment-method-group/list, currency/list, currency/rates, currency/btc",
        },
        { label: "feedback", value: "list, give, reply" },
        {
          label: "Not on Souk (1013)",
          value: "notifications/*, trade-chat/image/add, trade/completed by partner, feedback/list by offer",
        },
      ],
    },
    {
      id: "differences",
      title: "Units and differences",
      paragraphs: [
        "Crypto amounts are whole numbers of the smallest unit: satoshi for BTC, micro-USDT for USDT, and gwei for ETH everywhere (Paxful's wallet/balance used wei for ETH).",
        "payment_method takes a Souk slug (payment-method/list) or a Souk payment method id, so a bot that sends 1 gets bank-transfer; anything else is refused with 1008 and the list of slugs.",
        "A trade whose offer asks the buyer for the payer's name takes it from payer_name on trade/start or trade/paid; without one, the buyer's full name on the account (or username) is given.",
        "trade/start takes the fiat amount (fiat); trades are not started by crypto amount. offer/all's totalCount is a lower bound when has_more is true.",
      ],
    },
    {
      id: "errors",
      title: "Error codes",
      paragraphs: [
        "HTTP statuses follow the refusal: 400 input, 403 not allowed, 404 not found, 409 wrong state, 429 too many, 501 not on Souk.",
      ],
      rows: [
        { label: "1001", value: "Unknown offer type" },
        { label: "1002", value: "Offer not found" },
        { label: "1003", value: "Missing parameters (named in the message)" },
        { label: "1004", value: "Input validation failed (the fields and reasons in the message)" },
        { label: "1005", value: "Unknown server error" },
        {
          label: "1006",
          value: "No access: someone else's trade (no data is shown), not allowed, second factor required",
        },
        { label: "1007", value: "Trade action failed (the trade is in another state)" },
        { label: "1008", value: "Payment method not found (the slugs in the message)" },
        { label: "1010", value: "Busy: try again" },
        { label: "1011", value: "User not found" },
        { label: "1013", value: "Not available on Souk" },
        { label: "1014", value: "The token lacks this call's scope" },
        { label: "404 / 429", value: "Unknown group or action / rate limit" },
      ],
    },
    {
      id: "limits",
      title: "Rate limits",
      paragraphs: [
        "Each API key may make PAXFUL_API_RATE_LIMIT_PER_MINUTE calls a minute (600 unless the operator changed it), counted per server. Every answer carries X-RateLimit-Limit and X-RateLimit-Remaining; past the limit the answer is 429 with Retry-After.",
      ],
    },
    {
      id: "webhooks",
      title: "Webhooks",
      paragraphs: [
        "Save endpoints under /webhook/v1/user/webhooks (client_credentials tokens) or /webhook/v1/application/webhooks (authorization_code tokens): GET lists them, DELETE removes them, /log shows the latest deliveries. On saving, each URL receives a request with an X-Paxful-Request-Challenge header that it must echo with a 2xx. URLs must use https and a public address; the operator may allow private addresses for development with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.",
        "Events: trade.started, trade.paid, trade.released, trade.cancelled_or_expired, trade.dispute_started, trade.dispute_finished, trade.chat_message_received, trade.attachment_uploaded. Each is a POST of {type, payload, timestamp} sent within seconds of the change and retried with growing delays for about eight hours. X-Paxful-Signature is the base64 Ed25519 signature of https:// + host + path + : + the raw body, verified with the key published at /webhook/v1/public/.well-known/public.key.",
      ],
      code: [
        { caption: "Saving an endpoint", text: code.webhookSave },
        { caption: "Verifying a delivery (Node.js)", text: code.webhookVerify },
      ],
    },
    {
      id: "account-webhooks",
      title: "Your account's webhook",
      paragraphs: [
        "Any user can set one URL on the Webhooks page of their account. Verifying sends it a request with an X-Souk-Request-Challenge header; the URL must answer 2xx with the same header and value, and only a verified URL can be saved. Events: trade.started, trade.paid, trade.released, trade.cancelled_or_expired, trade.dispute_started, trade.dispute_finished, trade.chat_message_received; each is a POST of {type, timestamp, data} where data carries the amount and coin, the fiat amount, the payment method, the counterparty, the time left to pay and the link.",
        "Deliveries are signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature) with the whsec_ secret shown once when the webhook is saved: verify them with the standardwebhooks package. A failed delivery is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h with the same webhook-id; after a day of failures the webhook is turned off (error key failing_for_a_day).",
        "Error keys: challenge_mismatch (the answer did not echo the challenge), bad_status (not a 2xx), unreachable, timeout (no answer within 10 seconds), address_refused (the URL leads to a private or reserved address). Redirects are not followed.",
      ],
    },
  ],
};

const frTexts: Record<string, { title: string; paragraphs: string[] }> = {
  keys: {
    title: "Clés d’API",
    paragraphs: [
      "Créez une clé sur la page Clés d’API de votre compte, ou demandez à l’opérateur la commande ci-dessous. Le secret n’est affiché qu’une fois : Souk n’en garde qu’un hachage salé. Révoquer une clé arrête ses jetons aussitôt.",
      "Les autorisations reprennent les noms de Paxful : paxful:<groupe>:<action> pour chaque appel, plus profile et email.",
    ],
  },
  tokens: {
    title: "Jetons (OAuth2)",
    paragraphs: [
      "POST /oauth2/token (formulaire) accepte client_credentials, authorization_code (après accord sur GET /oauth2/authorize) et refresh_token. Un jeton d’accès vit une heure.",
      "Seul un jeton absent, invalide, expiré ou révoqué reçoit HTTP 401 ; le SDK renouvelle alors son jeton une fois et rejoue l’appel.",
    ],
  },
  calls: {
    title: "Appels",
    paragraphs: [
      "Chaque appel est POST /paxful/v1/<groupe>/<action> (ou GET) avec un corps de formulaire tel que le SDK l’envoie ; JSON et multipart sont acceptés. Les réponses sont {status, timestamp, data} ; un refus porte {code, message} sous error et sous data.",
      "offer/all, offer-tag/list et les listes de moyens de paiement et de devises répondent aussi sans jeton.",
    ],
  },
  sdk: {
    title: "Le SDK officiel",
    paragraphs: [
      "Réglez PAXFUL_OAUTH_HOST et PAXFUL_DATA_HOST sur l’adresse de cette place de marché avant de créer le SDK ; rien d’autre ne change. Les tests de Souk font tourner le SDK publié sur un échange complet entre deux robots.",
    ],
  },
  catalogue: {
    title: "Ce qui est servi",
    paragraphs: [
      "Chaque appel s’appuie sur les règles de l’application web : limites, séquestre, exigences et refus sont ceux de Souk, dits dans les mots de Paxful.",
    ],
  },
  differences: {
    title: "Unités et différences",
    paragraphs: [
      "Les montants crypto sont des entiers de la plus petite unité : satoshi (BTC), micro-USDT (USDT), gwei (ETH, partout).",
      "payment_method accepte un slug Souk ou un identifiant de moyen de paiement Souk (1 donne bank-transfer) ; sinon le refus 1008 donne la liste des slugs.",
      "Le nom du payeur vient de payer_name (trade/start ou trade/paid) ; à défaut, le nom complet du compte de l’acheteur (ou son pseudo).",
      "trade/start prend le montant en monnaie (fiat). Le totalCount de offer/all est un minimum quand has_more est vrai.",
    ],
  },
  errors: {
    title: "Codes d’erreur",
    paragraphs: ["Les statuts HTTP suivent le refus : 400, 403, 404, 409, 429, 501."],
  },
  limits: {
    title: "Limites de débit",
    paragraphs: [
      "Chaque clé peut faire PAXFUL_API_RATE_LIMIT_PER_MINUTE appels par minute (600 par défaut), par serveur ; X-RateLimit-Limit et X-RateLimit-Remaining l’indiquent, 429 au-delà.",
    ],
  },
  webhooks: {
    title: "Webhooks",
    paragraphs: [
      "Enregistrez vos adresses sous /webhook/v1/user/webhooks ou /webhook/v1/application/webhooks ; chaque URL doit renvoyer l’en-tête X-Paxful-Request-Challenge reçu. Les adresses privées ne sont permises qu’avec WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.",
      "X-Paxful-Signature est la signature Ed25519 (base64) de https:// + hôte + chemin + : + corps brut, vérifiable avec la clé publiée à /webhook/v1/public/.well-known/public.key.",
    ],
  },
  "account-webhooks": {
    title: "Le webhook de votre compte",
    paragraphs: [
      "Chaque utilisateur peut définir une URL sur la page Webhooks de son compte. La vérification lui envoie l’en-tête X-Souk-Request-Challenge, qu’elle doit renvoyer avec un 2xx ; seule une URL vérifiée s’enregistre. Chaque événement est un POST de {type, timestamp, data} : montant et crypto, montant en devise, moyen de paiement, contrepartie, temps restant pour payer et lien.",
      "Les envois sont signés selon Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) avec le secret whsec_ affiché une fois : vérifiez-les avec le paquet standardwebhooks. Un envoi échoué est retenté (environ 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) avec le même webhook-id ; après un jour d’échecs le webhook est désactivé (failing_for_a_day).",
      "Clés d’erreur : challenge_mismatch, bad_status, unreachable, timeout (10 secondes), address_refused (adresse privée ou réservée). Les redirections ne sont pas suivies.",
    ],
  },
};

const fr: DocumentContent = {
  title: "Développeurs",
  lead: "Souk répond à l’API de Paxful. Un robot écrit pour Paxful avec le SDK officiel @paxful/sdk-js fonctionne ici sans changement : changez ses deux variables d’hôte et donnez-lui une clé d’API Souk.",
  sections: en.sections.map((section): DocumentSection => ({ ...section, ...frTexts[section.id] })),
};

const content: Record<Locale, DocumentContent> = { en, fr };

export function DevelopersPage() {
  return <DocumentPage content={content} testId="developers-page" />;
}
