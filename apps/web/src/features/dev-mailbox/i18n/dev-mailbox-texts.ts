import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "Dev mailbox",
  eyebrow: "Admin",
  title: "Dev mailbox",
  subtitle:
    "Without SMTP_URL no mail leaves this machine: every mail and text message Souk sends waits here, newest first.",
  cliHint: "The same mail on the server:",
  refresh: "Refresh",
  tabs: { mail: "Mail", sms: "Text messages" },
  columns: { time: "Time", to: "To", subject: "Subject", status: "Status", channel: "Channel", text: "Text" },
  status: { pending: "Pending", held: "Held", sent: "Sent", failed: "Failed" },
  channel: { sms: "SMS", call: "Voice call" },
  mailClosed:
    "Mail is delivered over SMTP_URL, so it belongs to its recipients' inboxes and is not shown here. Where each delivery stands, on the server:",
  smsClosed:
    "Text messages go through the SMS gateway, so they belong to their recipients and are not shown here. Where each delivery stands, on the server:",
  mailEmpty: "No mail yet. Sign up or ask for a password reset, and the mail lands here.",
  smsEmpty: "No text messages yet.",
  pick: "Choose a mail to read it.",
  view: {
    to: "To",
    status: "Status",
    created: "Queued",
    attempts: "Delivery attempts: {{count}}",
    lastError: "Last error: {{error}}",
    textTab: "Text",
    htmlTab: "HTML",
    htmlFrame: "The mail's HTML part, shown without scripts or links",
    notFound: "This mail is not in the outbox.",
    close: "Back to the list",
  },
  loadError: "The mailbox could not be loaded.",
  retry: "Try again",
  notAllowedTitle: "For admins only",
  notAllowedBody: "The dev mailbox shows every user's mail, so only admins may open it.",
  backHome: "Back to the home page",
};
type DevMailboxTexts = typeof en;

const fr: DevMailboxTexts = {
  metaTitle: "Boîte mail de développement",
  eyebrow: "Admin",
  title: "Boîte mail de développement",
  subtitle:
    "Sans SMTP_URL, aucun e-mail ne quitte cette machine : chaque e-mail et chaque SMS envoyé par Souk attend ici, du plus récent au plus ancien.",
  cliHint: "Les mêmes e-mails sur le serveur :",
  refresh: "Actualiser",
  tabs: { mail: "E-mails", sms: "SMS" },
  columns: { time: "Heure", to: "Destinataire", subject: "Objet", status: "État", channel: "Canal", text: "Texte" },
  status: { pending: "En attente", held: "Retenu", sent: "Envoyé", failed: "Échec" },
  channel: { sms: "SMS", call: "Appel vocal" },
  mailClosed:
    "Les e-mails partent par SMTP_URL : ils appartiennent aux boîtes de leurs destinataires et ne sont pas montrés ici. Où en est chaque envoi, sur le serveur :",
  smsClosed:
    "Les SMS partent par la passerelle SMS : ils appartiennent à leurs destinataires et ne sont pas montrés ici. Où en est chaque envoi, sur le serveur :",
  mailEmpty: "Aucun e-mail pour l’instant. Inscrivez-vous ou demandez un nouveau mot de passe : l’e-mail arrivera ici.",
  smsEmpty: "Aucun SMS pour l’instant.",
  pick: "Choisissez un e-mail pour le lire.",
  view: {
    to: "Destinataire",
    status: "État",
    created: "Mis en file",
    attempts: "Tentatives d’envoi : {{count}}",
    lastError: "Dernière erreur : {{error}}",
    textTab: "Texte",
    htmlTab: "HTML",
    htmlFrame: "La partie HTML de l’e-mail, affichée sans scripts ni liens",
    notFound: "Cet e-mail n’est pas dans la file d’envoi.",
    close: "Retour à la liste",
  },
  loadError: "La boîte mail n’a pas pu être chargée.",
  retry: "Réessayer",
  notAllowedTitle: "Réservé aux administrateurs",
  notAllowedBody:
    "La boîte mail de développement montre les e-mails de tous les utilisateurs : seuls les administrateurs peuvent l’ouvrir.",
  backHome: "Retour à l’accueil",
};
const texts: FeatureTexts<DevMailboxTexts> = { en, fr };

export function useDevMailboxTexts() {
  return useFeatureTexts("devMailbox", texts);
}
