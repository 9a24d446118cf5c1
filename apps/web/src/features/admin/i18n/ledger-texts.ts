import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** English texts of the console's ledger screen (namespace "adminLedger"); French has the same shape. */
const en = {
  title: "Ledger",
  subtitle:
    "Run ledger:verify on the live database and read each invariant's check. Corrections are proposed on the Approvals screen and run once another admin approves.",
  run: "Run ledger:verify",
  notRun: "Not run yet on this screen.",
  allHold: "All {{count}} checks hold.",
  someFail_one: "{{count}} check fails.",
  someFail_other: "{{count}} checks fail.",
  ranAt: "Checked on {{date}} in {{ms}} ms.",
  invariant: "Invariant",
  check: "Check",
  looked: "Looked at",
  result: "Result",
  ok: "Holds",
  fails: "Fails",
  failed: "The check could not run. Try again.",
  checks: {
    transfers_balanced: "Every transfer has at least two entries, summing to zero per currency",
    currency_balances_sum_to_zero: "Per currency, all account balances (the world's included) sum to zero",
    balances_match_entries: "Each account's cached balance equals the sum of its entries",
    no_negative_balances: "No account but the world's is below zero",
    settled_escrow_is_empty: "A closed (posted or voided) escrow account holds zero",
    open_escrow_holds_its_amount: "An open escrow account holds exactly what its hold put there",
    fee_accounts_hold_posted_fees: "The fee accounts hold exactly the fees of settled trades",
    escrow_settles_at_most_once: "Each trade's escrow is posted or voided at most once",
    open_trades_hold_their_escrow: "Every open trade's escrow holds its amount plus fee",
    funded_bids_hold_their_amount: "Each funded bid's escrow holds exactly its amount",
    withdrawal_holds_match_open_withdrawals:
      "Each withdrawal account holds exactly its owner's open withdrawals (awaiting approval included)",
    settled_trades_hold_no_escrow: "Every settled trade has a closed escrow account holding zero",
    settled_trades_paid_their_fees: "The fee accounts hold each settled trade's fee, and nothing for a voided one",
    settled_offer_bids_hold_no_escrow: "Every settled bid has a closed escrow account holding zero",
    settled_offer_bids_paid_their_fees: "The fee accounts hold each settled bid's fee, and nothing for a voided one",
  },
};

type LedgerTexts = typeof en;

const fr: LedgerTexts = {
  title: "Registre",
  subtitle:
    "Lancez ledger:verify sur la base en service et lisez la vérification de chaque invariant. Les corrections se proposent sur l’écran Approbations et s’exécutent une fois qu’un autre administrateur les approuve.",
  run: "Lancer ledger:verify",
  notRun: "Pas encore lancé sur cet écran.",
  allHold: "Les {{count}} vérifications tiennent.",
  someFail_one: "{{count}} vérification échoue.",
  someFail_other: "{{count}} vérifications échouent.",
  ranAt: "Vérifié le {{date}} en {{ms}} ms.",
  invariant: "Invariant",
  check: "Vérification",
  looked: "Examinés",
  result: "Résultat",
  ok: "Tient",
  fails: "Échoue",
  failed: "La vérification n’a pas pu s’exécuter. Réessayez.",
  checks: {
    transfers_balanced: "Chaque transfert a au moins deux écritures, de somme nulle par devise",
    currency_balances_sum_to_zero: "Par devise, les soldes de tous les comptes (monde compris) ont une somme nulle",
    balances_match_entries: "Le solde en cache de chaque compte égale la somme de ses écritures",
    no_negative_balances: "Aucun compte, hors le monde, n’est sous zéro",
    settled_escrow_is_empty: "Un séquestre clos (versé ou annulé) ne détient rien",
    open_escrow_holds_its_amount: "Un séquestre ouvert détient exactement ce que son blocage y a mis",
    fee_accounts_hold_posted_fees: "Les comptes de frais détiennent exactement les frais des échanges réglés",
    escrow_settles_at_most_once: "Le séquestre de chaque échange est versé ou annulé au plus une fois",
    open_trades_hold_their_escrow: "Le séquestre de chaque échange ouvert détient son montant plus les frais",
    funded_bids_hold_their_amount: "Le séquestre de chaque enchère financée détient exactement son montant",
    withdrawal_holds_match_open_withdrawals:
      "Chaque compte de retrait détient exactement les retraits ouverts de son titulaire (en attente d’approbation compris)",
    settled_trades_hold_no_escrow: "Chaque échange réglé a un séquestre clos qui ne détient rien",
    settled_trades_paid_their_fees:
      "Les comptes de frais détiennent les frais de chaque échange réglé, et rien pour un échange annulé",
    settled_offer_bids_hold_no_escrow: "Chaque enchère réglée a un séquestre clos qui ne détient rien",
    settled_offer_bids_paid_their_fees:
      "Les comptes de frais détiennent les frais de chaque enchère réglée, et rien pour une enchère annulée",
  },
};

const texts: FeatureTexts<LedgerTexts> = { en, fr };

export function useLedgerTexts() {
  return useFeatureTexts("adminLedger", texts);
}
