import type { Locale } from "@souk/contracts";
import { type DocumentContent, DocumentPage } from "../components/document-page.tsx";

const content: Record<Locale, DocumentContent> = {
  en: {
    title: "Fees",
    lead: "What is free on Souk and what is charged. The operator of this marketplace sets the rates; the exact fee of a trade is always shown on the offer before you start it.",
    sections: [
      {
        id: "overview",
        title: "At a glance",
        paragraphs: ["Most things on Souk cost nothing. A fee is taken only when a trade completes."],
        rows: [
          { label: "Creating an account", value: "Free" },
          { label: "Browsing and publishing offers", value: "Free" },
          { label: "Receiving crypto into your Souk wallet", value: "Free" },
          { label: "A completed trade", value: "Platform fee on the escrowed crypto, shown on the offer" },
          { label: "A cancelled or expired trade", value: "Free: the escrow returns to the seller in full" },
          { label: "Sending crypto out of Souk", value: "The blockchain's network fee, shown before you confirm" },
        ],
      },
      {
        id: "trade-fee",
        title: "The trade fee",
        paragraphs: [
          "When a trade starts, the seller's crypto is locked in escrow. When the seller releases it, the buyer receives the traded amount and the platform fee goes to the marketplace, in the same step. The fee is computed with exact integer arithmetic in the currency's smallest unit and rounded in one documented way.",
          "Some users may have a fee discount, for example through the partner program; the offer page shows the fee that applies to you.",
        ],
      },
      {
        id: "payment-costs",
        title: "Payment method costs",
        paragraphs: [
          "Payments between buyer and seller happen outside Souk. Your bank or payment provider may charge its own fees; they are not set or collected by Souk.",
        ],
      },
    ],
  },
  fr: {
    title: "Frais",
    lead: "Ce qui est gratuit sur Souk et ce qui est facturé. L’opérateur de cette place de marché fixe les taux ; les frais exacts d’un échange sont toujours affichés sur l’offre avant de l’ouvrir.",
    sections: [
      {
        id: "overview",
        title: "En bref",
        paragraphs: [
          "La plupart des services de Souk sont gratuits. Des frais ne sont prélevés que lorsqu’un échange aboutit.",
        ],
        rows: [
          { label: "Créer un compte", value: "Gratuit" },
          { label: "Consulter et publier des offres", value: "Gratuit" },
          { label: "Recevoir des cryptos sur votre portefeuille Souk", value: "Gratuit" },
          {
            label: "Un échange terminé",
            value: "Frais de plateforme sur les cryptos sous séquestre, affichés sur l’offre",
          },
          { label: "Un échange annulé ou expiré", value: "Gratuit : le séquestre revient intégralement au vendeur" },
          {
            label: "Envoyer des cryptos hors de Souk",
            value: "Les frais de réseau de la blockchain, affichés avant confirmation",
          },
        ],
      },
      {
        id: "trade-fee",
        title: "Les frais d’échange",
        paragraphs: [
          "Au début d’un échange, les cryptos du vendeur sont bloquées sous séquestre. Quand le vendeur les libère, l’acheteur reçoit le montant échangé et les frais de plateforme vont à la place de marché, en une seule étape. Les frais sont calculés en arithmétique entière exacte dans la plus petite unité de la devise, avec un arrondi unique et documenté.",
          "Certains utilisateurs bénéficient d’une réduction de frais, par exemple via le programme partenaires ; la page de l’offre affiche les frais qui s’appliquent à vous.",
        ],
      },
      {
        id: "payment-costs",
        title: "Coûts des moyens de paiement",
        paragraphs: [
          "Les paiements entre acheteur et vendeur ont lieu hors de Souk. Votre banque ou votre prestataire de paiement peut facturer ses propres frais ; ils ne sont ni fixés ni perçus par Souk.",
        ],
      },
    ],
  },
};

export function FeesPage() {
  return <DocumentPage content={content} testId="fees-page" />;
}
