import type { Locale } from "@souk/contracts";
import { type DocumentContent, DocumentPage } from "../components/document-page.tsx";

const content: Record<Locale, DocumentContent> = {
  en: {
    title: "Privacy policy",
    lead: "What this Souk marketplace collects about you, why, and what you can do about it. The operator of this site is the controller of your data.",
    sections: [
      {
        id: "collect",
        title: "What we collect",
        paragraphs: [
          "Account data: your e-mail address, username, a hash of your password (never the password itself), and the settings you choose, such as language and theme.",
          "Trading data: your offers, trades, trade chat messages, feedback, disputes and wallet movements. Verification data, when you provide it: identity documents, address documents, phone number.",
          "Technical data: the IP address and browser of each session, so you can review your active sessions and so we can detect abuse.",
        ],
      },
      {
        id: "use",
        title: "How we use it",
        paragraphs: [
          "To run the marketplace: keep you signed in, hold escrow, settle trades, resolve disputes and show your public profile to trade partners.",
          "To keep it safe: rate-limit abusive requests, detect fraud and meet the legal obligations that apply to the operator.",
        ],
      },
      {
        id: "share",
        title: "Who sees it",
        paragraphs: [
          "Other users see your public profile: username, feedback, number of trades and the verification badges you earned. A trade partner sees what you share in the trade chat and the payment details of the trade.",
          "Moderators see trade chats and evidence of trades in dispute. We do not sell your data. We share it with authorities only when the law requires it.",
        ],
      },
      {
        id: "cookies",
        title: "Cookies",
        paragraphs: [
          "Souk uses a session cookie to keep you signed in, a security token against cross-site request forgery, and a site_theme cookie that remembers your light or dark theme for one month. There are no advertising or third-party tracking cookies.",
        ],
      },
      {
        id: "retention",
        title: "How long we keep it",
        paragraphs: [
          "Account and trading records are kept while your account is open and afterwards for as long as the operator's legal obligations require. Sessions expire and are deleted.",
        ],
      },
      {
        id: "rights",
        title: "Your rights",
        paragraphs: [
          "You can access, correct or export your data, object to some uses, and ask for your account to be closed. Contact the operator of this site to exercise these rights.",
        ],
      },
    ],
  },
  fr: {
    title: "Politique de confidentialité",
    lead: "Ce que cette place de marché Souk collecte à votre sujet, pourquoi, et ce que vous pouvez faire. L’opérateur de ce site est le responsable du traitement de vos données.",
    sections: [
      {
        id: "collect",
        title: "Ce que nous collectons",
        paragraphs: [
          "Données de compte : votre adresse e-mail, votre nom d’utilisateur, une empreinte de votre mot de passe (jamais le mot de passe lui-même) et les réglages que vous choisissez, comme la langue et le thème.",
          "Données d’échange : vos offres, échanges, messages de discussion, avis, litiges et mouvements de portefeuille. Données de vérification, si vous les fournissez : pièces d’identité, justificatifs de domicile, numéro de téléphone.",
          "Données techniques : l’adresse IP et le navigateur de chaque session, pour que vous puissiez consulter vos sessions actives et pour détecter les abus.",
        ],
      },
      {
        id: "use",
        title: "Comment nous les utilisons",
        paragraphs: [
          "Pour faire fonctionner la place de marché : vous garder connecté, tenir le séquestre, régler les échanges, résoudre les litiges et montrer votre profil public à vos partenaires.",
          "Pour la sécurité : limiter les requêtes abusives, détecter la fraude et respecter les obligations légales de l’opérateur.",
        ],
      },
      {
        id: "share",
        title: "Qui les voit",
        paragraphs: [
          "Les autres utilisateurs voient votre profil public : nom d’utilisateur, avis, nombre d’échanges et badges de vérification obtenus. Un partenaire d’échange voit ce que vous partagez dans la discussion et les détails de paiement de l’échange.",
          "Les modérateurs voient les discussions et les preuves des échanges en litige. Nous ne vendons pas vos données. Nous ne les communiquons aux autorités que lorsque la loi l’exige.",
        ],
      },
      {
        id: "cookies",
        title: "Cookies",
        paragraphs: [
          "Souk utilise un cookie de session pour vous garder connecté, un jeton de sécurité contre la falsification de requêtes inter-sites, et un cookie site_theme qui retient votre thème clair ou sombre pendant un mois. Il n’y a aucun cookie publicitaire ni de suivi tiers.",
        ],
      },
      {
        id: "retention",
        title: "Durée de conservation",
        paragraphs: [
          "Les données de compte et d’échange sont conservées tant que votre compte est ouvert, puis aussi longtemps que l’exigent les obligations légales de l’opérateur. Les sessions expirent et sont supprimées.",
        ],
      },
      {
        id: "rights",
        title: "Vos droits",
        paragraphs: [
          "Vous pouvez accéder à vos données, les corriger ou les exporter, vous opposer à certains usages et demander la fermeture de votre compte. Contactez l’opérateur de ce site pour exercer ces droits.",
        ],
      },
    ],
  },
};

export function PrivacyPage() {
  return <DocumentPage content={content} updatedOn="2025-01-15" testId="privacy-page" />;
}
