import { DEFAULT_LOCALE, type Locale, type PageName, SUPPORTED_LOCALES } from "@souk/contracts";

type Descriptions = Partial<Record<PageName, string>> & { default: string };

/** Each public page's meta description, in every locale the app ships; other pages take the default. */
const DESCRIPTIONS: Record<Locale, Descriptions> = {
  en: {
    default: "Souk: buy and sell crypto directly with other people, with escrow on every trade.",
    home: "Buy and sell bitcoin, ether and USDT directly with other people, paying the way you like, with escrow on every trade.",
    marketplaceBuy:
      "Offers to buy crypto from other people: compare prices, payment methods and trader feedback, with escrow on every trade.",
    marketplaceSell:
      "Offers to sell your crypto to other people for cash, bank transfers or gift cards, with escrow on every trade.",
    tradingListing: "Offers for this crypto and payment method, with prices, limits and trader feedback.",
    viewOffer: "An offer on Souk: its price, limits, payment method, terms and the trader's feedback.",
    login: "Log in to your Souk account to trade, manage your offers and your wallet.",
    register: "Create a free Souk account to buy and sell crypto with other people.",
    about: "What Souk is: a self-hosted peer-to-peer marketplace for trading crypto for money.",
    fees: "What trading on Souk costs: the fees for buyers, sellers and wallet transfers.",
    developers: "The Souk API for developers: offers, trades and wallet, with OAuth2 and webhooks.",
    termsOfService: "The terms that apply when you use Souk.",
    privacyPolicy: "How Souk handles your personal data.",
    giftCardsLanding: "Buy and sell crypto for gift cards with other people, with escrow on every trade.",
  },
  fr: {
    default: "Souk : achetez et vendez des cryptos directement entre particuliers, avec séquestre à chaque échange.",
    home: "Achetez et vendez bitcoin, ether et USDT directement entre particuliers, payez comme vous voulez, avec séquestre à chaque échange.",
    marketplaceBuy:
      "Offres pour acheter des cryptos à d’autres personnes : comparez prix, moyens de paiement et avis, avec séquestre à chaque échange.",
    marketplaceSell:
      "Offres pour vendre vos cryptos contre espèces, virement ou cartes cadeaux, avec séquestre à chaque échange.",
    tradingListing: "Offres pour cette crypto et ce moyen de paiement, avec prix, limites et avis des traders.",
    viewOffer:
      "Une offre sur Souk : son prix, ses limites, son moyen de paiement, ses conditions et les avis du trader.",
    login: "Connectez-vous à votre compte Souk pour échanger, gérer vos offres et votre portefeuille.",
    register: "Créez un compte Souk gratuit pour acheter et vendre des cryptos entre particuliers.",
    about:
      "Ce qu’est Souk : une place de marché pair à pair auto-hébergée pour échanger des cryptos contre de l’argent.",
    fees: "Ce que coûte un échange sur Souk : les frais des acheteurs, des vendeurs et des transferts.",
    developers: "L’API Souk pour les développeurs : offres, échanges et portefeuille, avec OAuth2 et webhooks.",
    termsOfService: "Les conditions qui s’appliquent quand vous utilisez Souk.",
    privacyPolicy: "Comment Souk traite vos données personnelles.",
    giftCardsLanding: "Achetez et vendez des cryptos contre des cartes cadeaux, avec séquestre à chaque échange.",
  },
};

/** The locale a page path is in: its prefix (`/fr/...`), or the default. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split("/")[1] ?? "";
  return (SUPPORTED_LOCALES as readonly string[]).includes(first) ? (first as Locale) : DEFAULT_LOCALE;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The page's HTML with its language and its own meta description (index.html carries the default). */
export function withPageMeta(html: string, page: PageName | null, locale: Locale): string {
  const texts = DESCRIPTIONS[locale];
  const description = (page ? texts[page] : undefined) ?? texts.default;
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeAttribute(description)}" />`,
    );
}
