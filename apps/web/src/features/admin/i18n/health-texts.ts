import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** English texts of the Overview's health cards (namespace "adminHealth"); French has the same shape. */
const en = {
  title: "System health",
  loadError: "The system's health could not be read.",
  retry: "Try again",
  ledger: {
    title: "Ledger",
    ok: "No drift",
    drift: "Drift found",
    never: "Never verified",
    neverHint: "Run ledger:verify from the CLI; a daily check also runs.",
    lastRun: "Last check {{date}}, {{source}}",
    failed: "Failing: {{checks}}",
  },
  sources: {
    cli: "from the CLI",
    job: "by the daily job",
    admin: "by an admin",
  },
  jobs: {
    title: "Job queue",
    waiting: "waiting",
    oldest: "The oldest has waited {{minutes}} min",
    none: "Nothing waits",
    active: "{{count}} running",
  },
  mail: {
    title: "Mail failures",
    hint: "Last 24 hours: given up or retrying",
  },
  webhooks: {
    title: "Webhook failures",
    hint: "Last 24 hours: given up or retrying",
  },
  maintenance: {
    title: "Maintenance",
    on: "On",
    off: "Off",
    offHint: "Trades and offers run normally.",
    manage: "Site switches",
  },
};

type HealthTexts = typeof en;

const fr: HealthTexts = {
  title: "État du système",
  loadError: "L’état du système n’a pas pu être lu.",
  retry: "Réessayer",
  ledger: {
    title: "Registre",
    ok: "Aucun écart",
    drift: "Écart constaté",
    never: "Jamais vérifié",
    neverHint: "Lancez ledger:verify depuis la ligne de commande ; une vérification quotidienne tourne aussi.",
    lastRun: "Dernière vérification le {{date}}, {{source}}",
    failed: "En échec : {{checks}}",
  },
  sources: {
    cli: "depuis la ligne de commande",
    job: "par la tâche quotidienne",
    admin: "par un administrateur",
  },
  jobs: {
    title: "File des tâches",
    waiting: "en attente",
    oldest: "La plus ancienne attend depuis {{minutes}} min",
    none: "Rien n’attend",
    active: "{{count}} en cours",
  },
  mail: {
    title: "E-mails en échec",
    hint: "Dernières 24 heures : abandonnés ou en nouvel essai",
  },
  webhooks: {
    title: "Webhooks en échec",
    hint: "Dernières 24 heures : abandonnés ou en nouvel essai",
  },
  maintenance: {
    title: "Maintenance",
    on: "Activée",
    off: "Désactivée",
    offHint: "Les transactions et les offres fonctionnent normalement.",
    manage: "Réglages du site",
  },
};

const texts: FeatureTexts<HealthTexts> = { en, fr };

export function useHealthTexts() {
  return useFeatureTexts("adminHealth", texts);
}
