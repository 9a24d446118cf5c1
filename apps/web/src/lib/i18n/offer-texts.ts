import type { FeatureTexts } from "./feature-texts.ts";

/**
 * Names that several features show for the same things of an offer (its vendor's badge and
 * status, its tags, the ways a list of offers is sorted). Each feature spreads them into its own
 * texts, so they are translated once and read the same on every page.
 */

const en = {
  badges: {
    no_badge: "",
    vendor: "Vendor",
    power_trader: "Power trader",
    expert_trader: "Expert trader",
    operator: "Operator",
    ceo: "CEO",
    ambassador: "Ambassador",
    peer: "Peer",
    champion: "Champion",
  },
  tags: {
    "cash-only": "Cash only",
    "no-id-needed": "No ID needed",
    "no-vpn": "No VPN",
    "guided-trade": "Guided trade",
    "receipt-required": "Receipt required",
    "no-receipt-needed": "No receipt needed",
    "physical-card": "Physical card",
    "e-code-accepted": "E-code accepted",
    "no-third-party": "No third-party payments",
    "same-bank-only": "Same bank only",
    "friends-and-family": "Friends and family",
    "invoice-required": "Invoice required",
    "instant-release": "Instant release",
    "beginner-friendly": "Beginner friendly",
  },
  ownerStatus: { online: "Online", recently_active: "Recently active", offline: "Offline" },
  sorts: {
    default: "Best match",
    price_asc: "Price: low to high",
    price_desc: "Price: high to low",
    release_time_asc: "Fastest release",
    release_time_desc: "Slowest release",
  },
};

export type OfferTexts = typeof en;

const fr: OfferTexts = {
  badges: {
    no_badge: "",
    vendor: "Vendeur",
    power_trader: "Trader actif",
    expert_trader: "Trader expert",
    operator: "Opérateur",
    ceo: "PDG",
    ambassador: "Ambassadeur",
    peer: "Pair",
    champion: "Champion",
  },
  tags: {
    "cash-only": "Espèces uniquement",
    "no-id-needed": "Sans pièce d’identité",
    "no-vpn": "Pas de VPN",
    "guided-trade": "Échange guidé",
    "receipt-required": "Reçu exigé",
    "no-receipt-needed": "Sans reçu",
    "physical-card": "Carte physique",
    "e-code-accepted": "Code électronique accepté",
    "no-third-party": "Pas de paiement par un tiers",
    "same-bank-only": "Même banque uniquement",
    "friends-and-family": "Entre proches",
    "invoice-required": "Facture exigée",
    "instant-release": "Libération immédiate",
    "beginner-friendly": "Débutants bienvenus",
  },
  ownerStatus: { online: "En ligne", recently_active: "Actif récemment", offline: "Hors ligne" },
  sorts: {
    default: "Pertinence",
    price_asc: "Prix croissant",
    price_desc: "Prix décroissant",
    release_time_asc: "Libération la plus rapide",
    release_time_desc: "Libération la plus lente",
  },
};

export const offerTexts: FeatureTexts<OfferTexts> = { en, fr };
