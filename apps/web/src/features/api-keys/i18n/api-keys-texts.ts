import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "API keys",
  title: "API keys",
  lead: "Let a program, such as a trading bot, act for you through the Paxful-compatible API. A key is a client id and a secret; the secret is shown once, when you create the key.",
  developers: "How to use them: the developers page",
  create: {
    title: "New API key",
    name: "Name",
    namePlaceholder: "Repricing bot",
    groups: "What it may do",
    groupsHint: "Leave empty to allow everything. Profile and e-mail are always included.",
    submit: "Create key",
    failed: "The key could not be created.",
  },
  created: {
    title: "Your new API key",
    warning: "Copy the secret now: it is not stored in a form that can be shown again.",
    clientId: "Client id",
    clientSecret: "Client secret",
    copy: "Copy",
    copied: "Copied",
    done: "I have saved it",
  },
  list: {
    title: "Your API keys",
    empty: "You have no API keys.",
    created: "Created {{date}}",
    lastUsed: "last used {{date}}",
    neverUsed: "never used",
    scopes: "{{count}} scopes",
    revoke: "Revoke",
    revoked: "{{name}} is revoked: its tokens stop working now.",
    failed: "The key could not be revoked.",
  },
  loading: "Loading…",
  error: "Your API keys could not be loaded.",
  retry: "Try again",
};
type ApiKeysTexts = typeof en;
const fr: ApiKeysTexts = {
  metaTitle: "Clés d’API",
  title: "Clés d’API",
  lead: "Laissez un programme, comme un robot de trading, agir pour vous via l’API compatible Paxful. Une clé est un identifiant client et un secret ; le secret n’est affiché qu’une fois, à la création.",
  developers: "Mode d’emploi : la page développeurs",
  create: {
    title: "Nouvelle clé d’API",
    name: "Nom",
    namePlaceholder: "Robot de prix",
    groups: "Ce qu’elle peut faire",
    groupsHint: "Laissez vide pour tout autoriser. Le profil et l’e-mail sont toujours inclus.",
    submit: "Créer la clé",
    failed: "La clé n’a pas pu être créée.",
  },
  created: {
    title: "Votre nouvelle clé d’API",
    warning: "Copiez le secret maintenant : il n’est pas conservé sous une forme qui permette de le réafficher.",
    clientId: "Identifiant client",
    clientSecret: "Secret client",
    copy: "Copier",
    copied: "Copié",
    done: "Je l’ai enregistré",
  },
  list: {
    title: "Vos clés d’API",
    empty: "Vous n’avez aucune clé d’API.",
    created: "Créée le {{date}}",
    lastUsed: "utilisée le {{date}}",
    neverUsed: "jamais utilisée",
    scopes: "{{count}} autorisations",
    revoke: "Révoquer",
    revoked: "{{name}} est révoquée : ses jetons cessent de fonctionner.",
    failed: "La clé n’a pas pu être révoquée.",
  },
  loading: "Chargement…",
  error: "Vos clés d’API n’ont pas pu être chargées.",
  retry: "Réessayer",
};
const texts: FeatureTexts<ApiKeysTexts> = { en, fr };

export function useApiKeysTexts() {
  return useFeatureTexts("apiKeys", texts);
}
