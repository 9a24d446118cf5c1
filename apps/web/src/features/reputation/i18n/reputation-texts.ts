import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  feedback: {
    title: "Feedback",
    summary: "{{positive}} positive, {{negative}} negative",
    filterLabel: "Show feedback",
    filters: { all: "All", positive: "Positive", negative: "Negative" },
    positive: "Positive",
    negative: "Negative",
    from: "from {{username}}",
    reply: "Reply from {{username}}",
    empty: {
      all: "No feedback yet. Feedback appears here once trades with {{username}} are completed.",
      positive: "No positive feedback yet.",
      negative: "No negative feedback.",
    },
    more: "Show more feedback",
    error: "The feedback could not be loaded.",
    retry: "Try again",
  },
  medals: {
    title: "Medals",
    empty: "No medals yet.",
    awarded: "Earned {{date}}",
    names: {
      trades_10: "10 trades",
      trade_volume_10000: "10,000 USD traded",
      trades_gc_100: "100 gift card trades",
      trades_bt_100: "100 bank transfer trades",
      trades_momo_100: "100 mobile money trades",
      trade_days_streak_30: "30 days in a row",
      trade_no_dispute_streak_100: "100 trades without a dispute",
      trade_no_cancel_streak_100: "100 trades without a cancel",
      trade_volume_top_1_percent: "Top 1 % by volume",
      first_year_signup: "First-year member",
    },
  },
};

type ReputationTexts = typeof en;

const fr: ReputationTexts = {
  feedback: {
    title: "Avis",
    summary: "{{positive}} positifs, {{negative}} négatifs",
    filterLabel: "Afficher les avis",
    filters: { all: "Tous", positive: "Positifs", negative: "Négatifs" },
    positive: "Positif",
    negative: "Négatif",
    from: "de {{username}}",
    reply: "Réponse de {{username}}",
    empty: {
      all: "Aucun avis pour l’instant. Les avis apparaissent ici une fois des échanges avec {{username}} terminés.",
      positive: "Aucun avis positif pour l’instant.",
      negative: "Aucun avis négatif.",
    },
    more: "Afficher plus d’avis",
    error: "Les avis n’ont pas pu être chargés.",
    retry: "Réessayer",
  },
  medals: {
    title: "Médailles",
    empty: "Aucune médaille pour l’instant.",
    awarded: "Obtenue le {{date}}",
    names: {
      trades_10: "10 échanges",
      trade_volume_10000: "10 000 USD échangés",
      trades_gc_100: "100 échanges par carte cadeau",
      trades_bt_100: "100 échanges par virement",
      trades_momo_100: "100 échanges par mobile money",
      trade_days_streak_30: "30 jours d’affilée",
      trade_no_dispute_streak_100: "100 échanges sans litige",
      trade_no_cancel_streak_100: "100 échanges sans annulation",
      trade_volume_top_1_percent: "1 % des plus gros volumes",
      first_year_signup: "Membre de la première année",
    },
  },
};

const reputationTexts: FeatureTexts<ReputationTexts> = { en, fr };

export function useReputationTexts() {
  return useFeatureTexts("reputation", reputationTexts);
}
