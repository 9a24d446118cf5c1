import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "Bitcoin to {{code}} converter",
  title: "Bitcoin to {{name}}",
  subtitle: "Convert between bitcoin and {{name}} at the day’s market rate, and see how the price moved.",
  rate: "1 BTC = {{price}} {{code}}",
  asOf: "Rates of {{date}}",
  calculator: {
    title: "Calculator",
    btc: "Bitcoin (BTC)",
    fiat: "{{name}} ({{code}})",
    currency: "Currency",
    searchCurrency: "Search currencies",
    noCurrency: "No currency matches",
    note: "BTC with 8 decimals, {{code}} with 2, rounded to the nearest. A trade uses its offer’s price, not this rate.",
    noRate: "There is no bitcoin rate for {{code}} today.",
  },
  chart: {
    title: "Price of 1 BTC in {{code}}",
    range: "Range",
    ranges: { day: "Day", week: "Week", month: "Month", year: "Year" },
    change: "{{change}} over the period",
    empty: "No price history recorded for this period yet.",
    error: "The price history could not be loaded.",
    retry: "Try again",
    loading: "Loading the chart",
    description: "Daily prices of one bitcoin in {{code}} over the chosen period.",
  },
  table: {
    title: "Currencies",
    subtitle: "The price of one bitcoin and one tether in each currency, and units per US dollar.",
    search: "Search currencies",
    currency: "Currency",
    btc: "1 BTC",
    usdt: "1 USDT",
    usd: "Per 1 USD",
    open: "Convert {{code}}",
    noRate: "—",
    empty: "No currency matches “{{search}}”.",
  },
  unknown: {
    title: "We have no rate for “{{code}}”",
    body: "Pick a currency from the list below.",
    action: "Bitcoin to US dollar",
  },
  error: { title: "The rates could not be loaded", body: "Check your connection and try again.", retry: "Try again" },
  currenciesPage: {
    metaTitle: "Currencies",
    title: "Currencies",
    subtitle: "Every currency Souk knows, at the day’s market rate.",
  },
};

type ConverterTexts = typeof en;

const fr: ConverterTexts = {
  metaTitle: "Convertisseur bitcoin en {{code}}",
  title: "Bitcoin en {{name}}",
  subtitle: "Convertissez entre le bitcoin et {{name}} au cours du jour, et voyez l’évolution du prix.",
  rate: "1 BTC = {{price}} {{code}}",
  asOf: "Cours du {{date}}",
  calculator: {
    title: "Calculatrice",
    btc: "Bitcoin (BTC)",
    fiat: "{{name}} ({{code}})",
    currency: "Devise",
    searchCurrency: "Rechercher une devise",
    noCurrency: "Aucune devise ne correspond",
    note: "BTC avec 8 décimales, {{code}} avec 2, arrondis au plus proche. Un échange utilise le prix de son offre, pas ce cours.",
    noRate: "Il n’y a pas de cours du bitcoin en {{code}} aujourd’hui.",
  },
  chart: {
    title: "Prix de 1 BTC en {{code}}",
    range: "Période",
    ranges: { day: "Jour", week: "Semaine", month: "Mois", year: "Année" },
    change: "{{change}} sur la période",
    empty: "Aucun historique de prix pour cette période.",
    error: "L’historique des prix n’a pas pu être chargé.",
    retry: "Réessayer",
    loading: "Chargement du graphique",
    description: "Prix quotidiens d’un bitcoin en {{code}} sur la période choisie.",
  },
  table: {
    title: "Devises",
    subtitle: "Le prix d’un bitcoin et d’un tether dans chaque devise, et les unités par dollar US.",
    search: "Rechercher une devise",
    currency: "Devise",
    btc: "1 BTC",
    usdt: "1 USDT",
    usd: "Pour 1 USD",
    open: "Convertir {{code}}",
    noRate: "—",
    empty: "Aucune devise ne correspond à « {{search}} ».",
  },
  unknown: {
    title: "Nous n’avons pas de cours pour « {{code}} »",
    body: "Choisissez une devise dans la liste ci-dessous.",
    action: "Bitcoin en dollar US",
  },
  error: {
    title: "Les cours n’ont pas pu être chargés",
    body: "Vérifiez votre connexion et réessayez.",
    retry: "Réessayer",
  },
  currenciesPage: {
    metaTitle: "Devises",
    title: "Devises",
    subtitle: "Toutes les devises que Souk connaît, au cours du jour.",
  },
};

const converterTexts: FeatureTexts<ConverterTexts> = { en, fr };

export function useConverterTexts() {
  return useFeatureTexts("converter", converterTexts);
}
