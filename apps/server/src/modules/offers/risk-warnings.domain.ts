/**
 * The offer page's risk warnings (docs/decisions/140-offer-risk-warnings.md): each modal of the
 * view-offer state has its trigger here, decided from the offer, the viewer and the configured
 * lists, so the web only shows what the server decided.
 */

/** The configured lists: payment method slugs and ISO country codes, upper case. */
export interface RiskLists {
  SOUK_CHARGEBACK_RISKY_METHODS: readonly string[];
  SOUK_SANCTIONED_COUNTRIES: readonly string[];
  SOUK_GRAY_COUNTRIES: readonly string[];
}

interface RiskFacts {
  paymentMethodSlug: string;
  offerTerms: string;
  /** The offer's country: its location's, else its owner's. */
  offerCountryIso: string | null;
  /** The viewer's country (null for a visitor or a user who has not set one). */
  viewerCountryIso: string | null;
}

/** The view-offer state's part: which warning modals the page shows, and the grey-country flag. */
interface RiskState {
  isGrayCountry: boolean;
  riskWarnings: { chargebackRisky: boolean; ofacOfferWarning: boolean; paymentTermsWarning: boolean };
}

/** Terms longer than this many characters, or lines, are worth reading twice before a trade. */
export const LONG_TERMS_CHARS = 1_000;
export const LONG_TERMS_LINES = 15;

/**
 * Terms that take the trade off the platform: contact details, links, messenger apps, or asking
 * to pay or release outside escrow. They are the usual first step of a scam.
 */
const UNUSUAL_TERMS = [
  /[\w.+-]+@[\w-]+\.[\w.-]+/,
  /\bhttps?:\/\/|\bwww\./i,
  /\+\d[\d\s().-]{7,}\d/,
  /\b\d{3}[\s.-]?\d{3}[\s.-]?\d{4}\b/,
  /\b(whats\s?app|telegram|signal|wechat|skype|discord|viber|snapchat)\b/i,
  /\b(outside|off|without|before)\s+(the\s+)?(escrow|platform|souk)\b/i,
  /\brelease\s+first\b/i,
];

export function isUnusualTerms(terms: string): boolean {
  const trimmed = terms.trim();
  if (trimmed.length > LONG_TERMS_CHARS || trimmed.split("\n").length > LONG_TERMS_LINES) return true;
  return UNUSUAL_TERMS.some((pattern) => pattern.test(trimmed));
}

function listed(list: readonly string[], iso: string | null): boolean {
  return iso !== null && list.includes(iso.toUpperCase());
}

export function riskStateOf(facts: RiskFacts, lists: RiskLists): RiskState {
  return {
    isGrayCountry: listed(lists.SOUK_GRAY_COUNTRIES, facts.viewerCountryIso),
    riskWarnings: {
      chargebackRisky: lists.SOUK_CHARGEBACK_RISKY_METHODS.includes(facts.paymentMethodSlug),
      ofacOfferWarning:
        listed(lists.SOUK_SANCTIONED_COUNTRIES, facts.offerCountryIso) ||
        listed(lists.SOUK_SANCTIONED_COUNTRIES, facts.viewerCountryIso),
      paymentTermsWarning: isUnusualTerms(facts.offerTerms),
    },
  };
}
