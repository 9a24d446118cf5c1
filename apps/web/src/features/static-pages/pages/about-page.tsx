import type { Locale } from "@souk/contracts";
import { type DocumentContent, DocumentPage } from "../components/document-page.tsx";

const content: Record<Locale, DocumentContent> = {
  en: {
    title: "About Souk",
    lead: "Souk is a peer-to-peer marketplace where people buy and sell crypto for their local currency, with escrow on every trade.",
    sections: [
      {
        id: "what",
        title: "What Souk is",
        paragraphs: [
          "A souk is a marketplace where buyers and sellers meet and agree on a price. Souk brings that idea to crypto: people publish offers to buy or sell Bitcoin, Ether or Tether, and others trade with them using the payment method the offer names.",
          "Souk does not set the price and does not take the other side of your trade. It keeps the crypto in escrow while the trade runs, so neither side has to trust the other with their money first.",
        ],
      },
      {
        id: "how",
        title: "How a trade works",
        paragraphs: [
          "The buyer opens a trade on an offer; the seller's crypto is locked in escrow. The buyer pays with the agreed method and marks the trade as paid. The seller checks the payment and releases the crypto. If something goes wrong, a moderator settles the dispute.",
        ],
      },
      {
        id: "self-hosted",
        title: "Run your own",
        paragraphs: [
          "Souk is self-hostable: one program and a PostgreSQL database run a complete marketplace, with its wallet, escrow ledger, trade chat and moderation tools. A community, a cooperative or a company can run its own, under its own rules.",
          "The site you are on is operated by its own operator, who sets the fees, the verification requirements and the countries served.",
        ],
      },
      {
        id: "principles",
        title: "Principles",
        paragraphs: [
          "Money is exact: amounts are kept in each currency's smallest unit and never rounded by accident. Every movement of funds goes through a double-entry ledger whose balances always add up.",
          "Trades are fair: escrow is locked once at the start and settled exactly once. Feedback comes only from completed trades.",
        ],
      },
    ],
  },
  fr: {
    title: "À propos de Souk",
    lead: "Souk est une place de marché entre particuliers où l’on achète et vend des cryptos contre sa monnaie locale, avec un séquestre sur chaque échange.",
    sections: [
      {
        id: "what",
        title: "Ce qu’est Souk",
        paragraphs: [
          "Un souk est un marché où acheteurs et vendeurs se rencontrent et s’accordent sur un prix. Souk applique cette idée aux cryptos : des personnes publient des offres d’achat ou de vente de Bitcoin, d’Ether ou de Tether, et d’autres échangent avec elles via le moyen de paiement indiqué par l’offre.",
          "Souk ne fixe pas le prix et n’est pas la contrepartie de votre échange. Il garde les cryptos sous séquestre pendant l’échange, pour qu’aucune des parties n’ait à confier son argent à l’autre en premier.",
        ],
      },
      {
        id: "how",
        title: "Déroulement d’un échange",
        paragraphs: [
          "L’acheteur ouvre un échange sur une offre ; les cryptos du vendeur sont bloquées sous séquestre. L’acheteur paie avec le moyen convenu et marque l’échange comme payé. Le vendeur vérifie le paiement et libère les cryptos. En cas de problème, un modérateur tranche le litige.",
        ],
      },
      {
        id: "self-hosted",
        title: "Hébergez le vôtre",
        paragraphs: [
          "Souk est auto-hébergeable : un seul programme et une base PostgreSQL font tourner une place de marché complète, avec portefeuille, registre de séquestre, discussion d’échange et outils de modération. Une communauté, une coopérative ou une entreprise peut gérer la sienne, selon ses propres règles.",
          "Le site sur lequel vous êtes est géré par son propre opérateur, qui fixe les frais, les exigences de vérification et les pays desservis.",
        ],
      },
      {
        id: "principles",
        title: "Principes",
        paragraphs: [
          "L’argent est exact : les montants sont conservés dans la plus petite unité de chaque devise et ne sont jamais arrondis par accident. Chaque mouvement de fonds passe par un registre en partie double dont les soldes s’équilibrent toujours.",
          "Les échanges sont équitables : le séquestre est bloqué une fois au début et réglé une seule fois. Les avis ne proviennent que d’échanges terminés.",
        ],
      },
    ],
  },
};

export function AboutPage() {
  return <DocumentPage content={content} testId="about-page" />;
}
