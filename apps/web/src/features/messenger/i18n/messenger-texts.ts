import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** English texts of the messenger (namespace "messenger"); French has the same shape. */
const en = {
  metaTitle: "Messages",
  title: "Messages",
  nav: "Messages",
  navUnread_one: "Messages, {{count}} unread",
  navUnread_other: "Messages, {{count}} unread",
  button: "Message",
  chatWith: "Chat with {{user}}",
  close: "Close",
  back: "All conversations",
  profile: "Profile",
  loading: "Loading…",
  error: "The conversation could not be loaded.",
  retry: "Try again",
  loadEarlier: "Earlier messages",
  beginning: "This is the beginning of your conversation.",
  you: "You",
  label: "Message to {{user}}",
  placeholder: "Write a message…",
  send: "Send",
  tooLong: "{{over}} characters over the limit of {{max}}.",
  failed: "The message was not sent. Try again.",
  notFound: "There is no user named {{user}}.",
  states: {
    chat_create_is_allowed: "No messages yet. Say hello to {{user}}.",
    chat_create_is_forbidden: "You cannot start a conversation with {{user}}.",
  },
  refusals: {
    ChatBlocked: "You cannot write to {{user}}: one of you has blocked the other.",
    NO: "{{user}} does not accept messages.",
    TRUSTED_ONLY: "{{user}} accepts messages only from people they trust.",
    TRUSTED_AND_TRADE_PARTNERS: "{{user}} accepts messages only from people they trust and their trade partners.",
    other: "You cannot write to {{user}} now.",
  },
  unread_one: "{{count}} unread",
  unread_other: "{{count}} unread",
  list: {
    empty: "No conversations yet. Open a trader's profile and press Message to start one.",
    error: "Your conversations could not be loaded.",
    mine: "You: {{text}}",
    choose: "Choose a conversation.",
  },
};

type MessengerTexts = typeof en;

const fr: MessengerTexts = {
  metaTitle: "Messages",
  title: "Messages",
  nav: "Messages",
  navUnread_one: "Messages, {{count}} non lu",
  navUnread_other: "Messages, {{count}} non lus",
  button: "Message",
  chatWith: "Discussion avec {{user}}",
  close: "Fermer",
  back: "Toutes les discussions",
  profile: "Profil",
  loading: "Chargement…",
  error: "La discussion n’a pas pu être chargée.",
  retry: "Réessayer",
  loadEarlier: "Messages précédents",
  beginning: "C’est le début de votre discussion.",
  you: "Vous",
  label: "Message à {{user}}",
  placeholder: "Écrivez un message…",
  send: "Envoyer",
  tooLong: "{{over}} caractères de trop (limite : {{max}}).",
  failed: "Le message n’a pas été envoyé. Réessayez.",
  notFound: "Aucun utilisateur ne s’appelle {{user}}.",
  states: {
    chat_create_is_allowed: "Aucun message pour l’instant. Dites bonjour à {{user}}.",
    chat_create_is_forbidden: "Vous ne pouvez pas démarrer de discussion avec {{user}}.",
  },
  refusals: {
    ChatBlocked: "Vous ne pouvez pas écrire à {{user}} : l’un de vous a bloqué l’autre.",
    NO: "{{user}} n’accepte pas de messages.",
    TRUSTED_ONLY: "{{user}} n’accepte de messages que des personnes de confiance.",
    TRUSTED_AND_TRADE_PARTNERS:
      "{{user}} n’accepte de messages que des personnes de confiance et de ses partenaires d’échange.",
    other: "Vous ne pouvez pas écrire à {{user}} pour le moment.",
  },
  unread_one: "{{count}} non lu",
  unread_other: "{{count}} non lus",
  list: {
    empty:
      "Aucune discussion pour l’instant. Ouvrez le profil d’un utilisateur et touchez Message pour en démarrer une.",
    error: "Vos discussions n’ont pas pu être chargées.",
    mine: "Vous : {{text}}",
    choose: "Choisissez une discussion.",
  },
};

const texts: FeatureTexts<MessengerTexts> = { en, fr };

export function useMessengerTexts() {
  return useFeatureTexts("messenger", texts);
}
