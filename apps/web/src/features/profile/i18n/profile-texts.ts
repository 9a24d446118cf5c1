import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { offerTexts } from "../../../lib/i18n/offer-texts.ts";

const en = {
  metaTitle: "{{username}} on Souk",
  loading: "Loading the profile",
  lastSeen: {
    online: "Online",
    never: "Not seen yet",
    minutes_one: "Seen {{count}} minute ago",
    minutes_other: "Seen {{count}} minutes ago",
    hours_one: "Seen {{count}} hour ago",
    hours_other: "Seen {{count}} hours ago",
    days_one: "Seen {{count}} day ago",
    days_other: "Seen {{count}} days ago",
    weeks_one: "Seen {{count}} week ago",
    weeks_other: "Seen {{count}} weeks ago",
    longAgo: "Seen more than {{count}} weeks ago",
  },
  badges: offerTexts.en.badges,
  joined: "Joined {{date}}",
  location: "Location: {{location}}",
  verification: {
    title: "Verifications",
    id: "Identity",
    email: "E-mail",
    phone: "Phone",
    verified: "verified",
    notVerified: "not verified",
  },
  stats: {
    title: "Trading",
    trades: "Trades",
    partners: "Trade partners",
    feedback: "Feedback",
    feedbackValue: "{{positive}} positive · {{negative}} negative",
    btcTraded: "BTC traded",
    trustedBy: "Trusted by",
    blockedBy: "Blocked by",
    chargebacks: "Chargebacks confirmed",
    people_one: "{{count}} person",
    people_other: "{{count}} people",
  },
  volume: { title: "Trade volume", empty: "No completed trades yet." },
  offers: {
    title: "Offers",
    sideLabel: "Offers to",
    buy: "Buy from {{username}}",
    sell: "Sell to {{username}}",
    crypto: "Crypto",
    allCrypto: "All",
    sort: "Sort by",
    sorts: offerTexts.en.sorts,
    empty: {
      buy: "{{username}} has no offers to buy from right now.",
      sell: "{{username}} has no offers to sell to right now.",
    },
    error: "The offers could not be loaded.",
    retry: "Try again",
    more: "Show more offers",
  },
  notFound: { title: "No such user", body: "Nobody on Souk goes by “{{username}}”.", action: "Browse offers" },
  error: { title: "The profile could not be loaded", body: "Check your connection and try again.", retry: "Try again" },
};

type ProfileTexts = typeof en;

const fr: ProfileTexts = {
  metaTitle: "{{username}} sur Souk",
  loading: "Chargement du profil",
  lastSeen: {
    online: "En ligne",
    never: "Jamais vu",
    minutes_one: "Vu il y a {{count}} minute",
    minutes_other: "Vu il y a {{count}} minutes",
    hours_one: "Vu il y a {{count}} heure",
    hours_other: "Vu il y a {{count}} heures",
    days_one: "Vu il y a {{count}} jour",
    days_other: "Vu il y a {{count}} jours",
    weeks_one: "Vu il y a {{count}} semaine",
    weeks_other: "Vu il y a {{count}} semaines",
    longAgo: "Vu il y a plus de {{count}} semaines",
  },
  badges: offerTexts.fr.badges,
  joined: "Inscrit le {{date}}",
  location: "Lieu : {{location}}",
  verification: {
    title: "Vérifications",
    id: "Identité",
    email: "E-mail",
    phone: "Téléphone",
    verified: "vérifié",
    notVerified: "non vérifié",
  },
  stats: {
    title: "Échanges",
    trades: "Échanges",
    partners: "Partenaires d’échange",
    feedback: "Avis",
    feedbackValue: "{{positive}} positifs · {{negative}} négatifs",
    btcTraded: "BTC échangés",
    trustedBy: "Fait confiance par",
    blockedBy: "Bloqué par",
    chargebacks: "Rétrofacturations confirmées",
    people_one: "{{count}} personne",
    people_other: "{{count}} personnes",
  },
  volume: { title: "Volume échangé", empty: "Aucun échange terminé pour l’instant." },
  offers: {
    title: "Offres",
    sideLabel: "Offres pour",
    buy: "Acheter à {{username}}",
    sell: "Vendre à {{username}}",
    crypto: "Crypto",
    allCrypto: "Toutes",
    sort: "Trier par",
    sorts: offerTexts.fr.sorts,
    empty: {
      buy: "{{username}} n’a aucune offre de vente en ce moment.",
      sell: "{{username}} n’a aucune offre d’achat en ce moment.",
    },
    error: "Les offres n’ont pas pu être chargées.",
    retry: "Réessayer",
    more: "Afficher plus d’offres",
  },
  notFound: {
    title: "Utilisateur inconnu",
    body: "Personne ne s’appelle « {{username}} » sur Souk.",
    action: "Voir les offres",
  },
  error: {
    title: "Le profil n’a pas pu être chargé",
    body: "Vérifiez votre connexion et réessayez.",
    retry: "Réessayer",
  },
};

const profileTexts: FeatureTexts<ProfileTexts> = { en, fr };

export function useProfileTexts() {
  return useFeatureTexts("profile", profileTexts);
}
