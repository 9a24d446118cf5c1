import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "Souk: peer-to-peer crypto marketplace",
  eyebrow: "Peer-to-peer crypto marketplace",
  title: "Trade crypto directly with people, safely.",
  lead: "Buy and sell Bitcoin, Ether and Tether for your local currency. Pick an offer, pay the way you agreed, and let escrow protect both sides until the trade is done.",
  ctaBuy: "Buy crypto",
  ctaSell: "Sell crypto",
  ctaRegister: "Create a free account",
  assetsTitle: "Supported currencies",
  assetsNote: "Amounts are kept in each currency's smallest unit, never rounded by floating point.",
  decimals: "{{count}} decimals",
  escrowCardTitle: "Escrow on every trade",
  escrowCardBody: "The seller's crypto is locked before you pay, and released only when the seller confirms payment.",
  howTitle: "How it works",
  howLead: "Four steps, the same for every trade.",
  steps: {
    find: {
      title: "Find an offer",
      body: "Browse offers by currency, payment method and amount. Each offer shows its price, limits and terms.",
    },
    open: {
      title: "Open a trade",
      body: "When you start a trade, the seller's crypto is locked in escrow. Nobody can move it while the trade runs.",
    },
    pay: {
      title: "Pay the seller",
      body: "Pay with the agreed method and mark the trade as paid. Chat with your trade partner on the trade page.",
    },
    release: {
      title: "Receive your crypto",
      body: "The seller confirms the payment and releases the crypto to your wallet. If something goes wrong, open a dispute.",
    },
  },
  whyTitle: "Built for trust",
  why: {
    escrow: {
      title: "Escrow-backed",
      body: "Every trade locks the crypto first, and settles exactly once: released to the buyer or returned to the seller.",
    },
    people: {
      title: "People, not an order book",
      body: "Trade with real people, see their feedback, and keep lists of users you trust or block.",
    },
    methods: {
      title: "Your payment method",
      body: "Bank transfers, cash, online wallets, gift cards and more: offers say how they want to be paid.",
    },
    selfHosted: {
      title: "Self-hostable",
      body: "Souk is a single program with PostgreSQL. Run your own marketplace for your community.",
    },
  },
  ctaBandTitle: "Ready to trade?",
  ctaBandBody: "Creating an account takes a minute. Browse offers without an account.",
  browseOffers: "Browse offers",
};
type LandingTexts = typeof en;
const fr: LandingTexts = {
  metaTitle: "Souk : place de marché crypto entre particuliers",
  eyebrow: "Place de marché crypto entre particuliers",
  title: "Échangez des cryptos directement entre particuliers, en toute sécurité.",
  lead: "Achetez et vendez du Bitcoin, de l’Ether et du Tether contre votre monnaie locale. Choisissez une offre, payez comme convenu, et le séquestre protège les deux parties jusqu’à la fin de l’échange.",
  ctaBuy: "Acheter des cryptos",
  ctaSell: "Vendre des cryptos",
  ctaRegister: "Créer un compte gratuit",
  assetsTitle: "Devises prises en charge",
  assetsNote:
    "Les montants sont conservés dans la plus petite unité de chaque devise, sans arrondi en virgule flottante.",
  decimals: "{{count}} décimales",
  escrowCardTitle: "Séquestre sur chaque échange",
  escrowCardBody:
    "Les cryptos du vendeur sont bloquées avant votre paiement, puis libérées seulement quand le vendeur confirme l’avoir reçu.",
  howTitle: "Comment ça marche",
  howLead: "Quatre étapes, les mêmes pour chaque échange.",
  steps: {
    find: {
      title: "Trouvez une offre",
      body: "Parcourez les offres par devise, moyen de paiement et montant. Chaque offre affiche son prix, ses limites et ses conditions.",
    },
    open: {
      title: "Ouvrez un échange",
      body: "Au début de l’échange, les cryptos du vendeur sont bloquées sous séquestre. Personne ne peut les déplacer pendant l’échange.",
    },
    pay: {
      title: "Payez le vendeur",
      body: "Payez avec le moyen convenu et marquez l’échange comme payé. Discutez avec votre partenaire sur la page de l’échange.",
    },
    release: {
      title: "Recevez vos cryptos",
      body: "Le vendeur confirme le paiement et libère les cryptos vers votre portefeuille. En cas de problème, ouvrez un litige.",
    },
  },
  whyTitle: "Pensé pour la confiance",
  why: {
    escrow: {
      title: "Protégé par séquestre",
      body: "Chaque échange bloque d’abord les cryptos, puis se règle une seule fois : libérées à l’acheteur ou rendues au vendeur.",
    },
    people: {
      title: "Des personnes, pas un carnet d’ordres",
      body: "Échangez avec de vraies personnes, consultez leurs avis et gérez vos listes d’utilisateurs de confiance ou bloqués.",
    },
    methods: {
      title: "Votre moyen de paiement",
      body: "Virements, espèces, portefeuilles en ligne, cartes cadeaux et plus encore : chaque offre indique comment elle veut être payée.",
    },
    selfHosted: {
      title: "Auto-hébergeable",
      body: "Souk est un seul programme avec PostgreSQL. Faites tourner votre propre place de marché pour votre communauté.",
    },
  },
  ctaBandTitle: "Prêt à échanger ?",
  ctaBandBody: "Créer un compte prend une minute. Parcourez les offres sans compte.",
  browseOffers: "Voir les offres",
};
const texts: FeatureTexts<LandingTexts> = { en, fr };

export function useLandingTexts() {
  return useFeatureTexts("landing", texts);
}
