import { activityTypeTexts } from "../../../lib/i18n/activity-type-texts.ts";
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
    types: activityTypeTexts.en,
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
    types: activityTypeTexts.fr,
  },
  loading: "Chargement…",
  error: "Le chargement a échoué.",
  retry: "Réessayer",
};
const texts: FeatureTexts<DevicesTexts> = { en, fr };

export function useDevicesTexts() {
  return useFeatureTexts("devices", texts);
}
