import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "Devices and activity",
  title: "Devices and activity",
  lead: "Where your account is signed in, and what happened on it lately. End any session you do not recognise, then change your password.",
  sessions: {
    title: "Signed-in sessions",
    unknownDevice: "Unknown device",
    current: "This device",
    lastActive: "Last active {{date}}",
    ip: "Address {{ip}}",
    deviceId: "Device …{{id}}",
    end: "End",
    endOthers: "End all other sessions",
    ended: "The session is ended.",
    endedOthers_one: "{{count}} other session is ended.",
    endedOthers_other: "{{count}} other sessions are ended.",
    failed: "The session could not be ended.",
    onlyThis: "No other device is signed in.",
  },
  activity: {
    title: "Account activity",
    empty: "Nothing yet.",
    types: {
      login: "Logged in",
      login_failed: "Failed log-in",
      new_device_login: "Log-in from a new device",
      login_approval_requested: "Log-in approval asked by e-mail",
      login_approved: "Log-in approved",
      login_denied: "Log-in denied",
      password_reset: "Password reset",
      password_change: "Password changed",
      email_change: "E-mail changed",
      two_factor_change: "Two-factor settings changed",
      withdrawal: "Crypto sent",
      release: "Trade released",
      api_key_created: "API key created",
      api_key_revoked: "API key revoked",
    },
  },
  loading: "Loading…",
  error: "This could not be loaded.",
  retry: "Try again",
};
type DevicesTexts = typeof en;
const fr: DevicesTexts = {
  metaTitle: "Appareils et activité",
  title: "Appareils et activité",
  lead: "Où votre compte est connecté et ce qui s’y est passé récemment. Mettez fin à toute session que vous ne reconnaissez pas, puis changez votre mot de passe.",
  sessions: {
    title: "Sessions connectées",
    unknownDevice: "Appareil inconnu",
    current: "Cet appareil",
    lastActive: "Actif le {{date}}",
    ip: "Adresse {{ip}}",
    deviceId: "Appareil …{{id}}",
    end: "Terminer",
    endOthers: "Terminer toutes les autres sessions",
    ended: "La session est terminée.",
    endedOthers_one: "{{count}} autre session est terminée.",
    endedOthers_other: "{{count}} autres sessions sont terminées.",
    failed: "La session n’a pas pu être terminée.",
    onlyThis: "Aucun autre appareil n’est connecté.",
  },
  activity: {
    title: "Activité du compte",
    empty: "Rien pour l’instant.",
    types: {
      login: "Connexion",
      login_failed: "Échec de connexion",
      new_device_login: "Connexion depuis un nouvel appareil",
      login_approval_requested: "Approbation de connexion demandée par e-mail",
      login_approved: "Connexion approuvée",
      login_denied: "Connexion refusée",
      password_reset: "Mot de passe réinitialisé",
      password_change: "Mot de passe modifié",
      email_change: "E-mail modifié",
      two_factor_change: "Double authentification modifiée",
      withdrawal: "Crypto envoyée",
      release: "Transaction libérée",
      api_key_created: "Clé d’API créée",
      api_key_revoked: "Clé d’API révoquée",
    },
  },
  loading: "Chargement…",
  error: "Le chargement a échoué.",
  retry: "Réessayer",
};
const texts: FeatureTexts<DevicesTexts> = { en, fr };

export function useDevicesTexts() {
  return useFeatureTexts("devices", texts);
}
