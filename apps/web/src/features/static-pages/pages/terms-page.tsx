import type { Locale } from "@souk/contracts";
import { type DocumentContent, DocumentPage } from "../components/document-page.tsx";

const content: Record<Locale, DocumentContent> = {
  en: {
    title: "Terms of service",
    lead: "These terms govern your use of this Souk marketplace. Souk is self-hostable software: the operator of this site is the party you contract with.",
    sections: [
      {
        id: "accounts",
        title: "1. Your account",
        paragraphs: [
          "You must be old enough to enter into a binding contract where you live, and you may hold one personal account. Keep your password and two-factor codes to yourself: actions taken with your credentials are treated as yours.",
          "Give accurate information. The operator may ask you to verify your identity, address or phone number before you can trade, and may limit an account until that is done.",
        ],
      },
      {
        id: "trading",
        title: "2. Offers and trades",
        paragraphs: [
          "An offer states a price, limits, a payment method and terms. When you start a trade on an offer, you accept those terms and the seller's crypto is locked in escrow for the duration of the trade.",
          "The buyer pays the seller outside the platform with the agreed payment method, then marks the trade as paid. The seller releases the crypto once the payment is received. Never release crypto before you have checked the payment, and never pay outside the trade you opened.",
        ],
      },
      {
        id: "escrow",
        title: "3. Escrow and disputes",
        paragraphs: [
          "Escrowed crypto is settled exactly once: released to the buyer, or returned to the seller when the trade is cancelled or expires. If the parties disagree, either of them may open a dispute; a moderator reviews the trade chat and evidence and decides where the escrow goes.",
          "Moderators' decisions on disputes are final within the platform. Keep all communication and proof of payment inside the trade chat.",
        ],
      },
      {
        id: "prohibited",
        title: "4. Prohibited use",
        paragraphs: [
          "You may not use Souk for fraud, money laundering, financing of terrorism, sanctions evasion, or to trade proceeds of crime. You may not manipulate feedback, open several accounts to avoid limits, or harass other users.",
          "The operator may suspend, freeze, restrict or close accounts that break these rules, and may report them to the competent authorities.",
        ],
      },
      {
        id: "fees",
        title: "5. Fees",
        paragraphs: [
          "Fees are described on the Fees page and on each offer before you start a trade. The operator may change fees for future trades; a trade already started keeps the fee it started with.",
        ],
      },
      {
        id: "liability",
        title: "6. Liability",
        paragraphs: [
          "Crypto prices move quickly and transactions on a blockchain cannot be reversed. The operator is not liable for losses caused by your payment provider, by a trade partner outside the escrow, or by events outside its reasonable control.",
        ],
      },
      {
        id: "changes",
        title: "7. Changes to these terms",
        paragraphs: [
          "The operator may update these terms. Material changes are announced on the site before they take effect; continuing to use Souk after that means you accept them.",
        ],
      },
    ],
  },
  fr: {
    title: "Conditions d’utilisation",
    lead: "Ces conditions régissent votre utilisation de cette place de marché Souk. Souk est un logiciel auto-hébergeable : l’opérateur de ce site est votre cocontractant.",
    sections: [
      {
        id: "accounts",
        title: "1. Votre compte",
        paragraphs: [
          "Vous devez avoir l’âge requis pour conclure un contrat là où vous vivez, et vous ne pouvez détenir qu’un seul compte personnel. Gardez pour vous votre mot de passe et vos codes de double authentification : les actions faites avec vos identifiants sont réputées être les vôtres.",
          "Donnez des informations exactes. L’opérateur peut vous demander de vérifier votre identité, votre adresse ou votre numéro de téléphone avant de pouvoir échanger, et peut limiter un compte jusque-là.",
        ],
      },
      {
        id: "trading",
        title: "2. Offres et échanges",
        paragraphs: [
          "Une offre indique un prix, des limites, un moyen de paiement et des conditions. En ouvrant un échange sur une offre, vous acceptez ces conditions et les cryptos du vendeur sont bloquées sous séquestre pendant toute la durée de l’échange.",
          "L’acheteur paie le vendeur hors de la plateforme avec le moyen convenu, puis marque l’échange comme payé. Le vendeur libère les cryptos une fois le paiement reçu. Ne libérez jamais de cryptos avant d’avoir vérifié le paiement, et ne payez jamais en dehors de l’échange que vous avez ouvert.",
        ],
      },
      {
        id: "escrow",
        title: "3. Séquestre et litiges",
        paragraphs: [
          "Les cryptos sous séquestre sont réglées une seule fois : libérées à l’acheteur, ou rendues au vendeur si l’échange est annulé ou expire. En cas de désaccord, chaque partie peut ouvrir un litige ; un modérateur examine la discussion et les preuves et décide de l’issue du séquestre.",
          "Les décisions des modérateurs sur les litiges sont définitives au sein de la plateforme. Gardez tous vos messages et preuves de paiement dans la discussion de l’échange.",
        ],
      },
      {
        id: "prohibited",
        title: "4. Usages interdits",
        paragraphs: [
          "Vous ne pouvez pas utiliser Souk pour la fraude, le blanchiment d’argent, le financement du terrorisme, le contournement de sanctions, ni pour échanger le produit d’un crime. Vous ne pouvez pas manipuler les avis, ouvrir plusieurs comptes pour contourner les limites, ni harceler d’autres utilisateurs.",
          "L’opérateur peut suspendre, geler, restreindre ou fermer les comptes qui enfreignent ces règles, et les signaler aux autorités compétentes.",
        ],
      },
      {
        id: "fees",
        title: "5. Frais",
        paragraphs: [
          "Les frais sont décrits sur la page Frais et sur chaque offre avant l’ouverture d’un échange. L’opérateur peut modifier les frais pour les échanges futurs ; un échange déjà ouvert conserve les frais de son ouverture.",
        ],
      },
      {
        id: "liability",
        title: "6. Responsabilité",
        paragraphs: [
          "Les cours des cryptos varient vite et les transactions sur une blockchain sont irréversibles. L’opérateur n’est pas responsable des pertes causées par votre prestataire de paiement, par un partenaire d’échange hors séquestre, ou par des événements échappant à son contrôle raisonnable.",
        ],
      },
      {
        id: "changes",
        title: "7. Modification des conditions",
        paragraphs: [
          "L’opérateur peut mettre à jour ces conditions. Les changements importants sont annoncés sur le site avant leur entrée en vigueur ; continuer à utiliser Souk ensuite vaut acceptation.",
        ],
      },
    ],
  },
};

export function TermsPage() {
  return <DocumentPage content={content} updatedOn="2025-01-15" testId="terms-page" />;
}
