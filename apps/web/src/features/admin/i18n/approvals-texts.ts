import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** English texts of the console's approvals screen (namespace "adminApprovals"); French has the same shape. */
const en = {
  title: "Approvals",
  subtitle:
    "Actions that wait for an admin who did not ask for them: large withdrawals (the largest need two admins) and ledger corrections. Every request and decision is in the audit log.",
  total_one: "{{count}} request",
  total_other: "{{count}} requests",
  empty: "Nothing here.",
  kinds: {
    all: "All",
    withdrawal: "Withdrawals",
    ledger_reversal: "Ledger corrections",
  },
  kindBadge: {
    withdrawal: "Withdrawal",
    ledger_reversal: "Ledger correction",
  },
  states: {
    pending: "Pending",
    approved: "Approved",
    rejected: "Rejected",
    expired: "Expired",
  },
  stateFilter: "State",
  kindFilter: "Kind",
  withdrawalSummary: "{{username}} withdraws {{amount}} {{code}} (network fee {{fee}}) to {{address}}",
  reversalSummary: "Reverse transfer #{{id}} ({{transferKind}})",
  requestedBy: "Requested by {{name}} on {{date}}",
  reason: "Reason: {{reason}}",
  approvals: "Approvals: {{given}} of {{required}}",
  approvedBy: "Approved by {{names}}",
  expiresAt: "Expires on {{date}}",
  expiredAt: "Expired on {{date}}",
  decided: "Decided by {{name}} on {{date}}",
  decidedNoName: "Decided on {{date}}",
  decisionReason: "Decision: {{reason}}",
  ownRequest: "You asked for this: another admin approves it.",
  alreadyApproved: "You approved this: a second admin gives the other approval.",
  approve: "Approve",
  reject: "Reject",
  rejectReason: "Why (the requester's trail keeps it)",
  confirmReject: "Reject the request",
  cancel: "Cancel",
  approved: "Approved.",
  approvalRecorded: "Your approval is recorded; it waits for a second admin.",
  rejected: "Rejected; what it held is given back.",
  proposal: {
    title: "Propose a ledger correction",
    hint: "A deposit credited by mistake or an internal send is reversed by a new transfer, once another admin approves it.",
    transferId: "Transfer number",
    reason: "Reason",
    submit: "Propose the reversal",
    done: "Proposed; it waits for another admin.",
  },
  errors: {
    ERROR_APPROVAL_DECIDED: "This request was already decided. The list is up to date again.",
    ERROR_APPROVAL_EXPIRED: "This request expired: it can no longer be approved, and what it held is given back.",
    ERROR_APPROVAL_BY_REQUESTER: "Another admin than the requester approves a request.",
    ERROR_APPROVAL_ALREADY_GIVEN: "You already approved it; the second approval comes from another admin.",
    ERROR_APPROVAL_NOT_FOUND: "This request no longer exists.",
    ERROR_APPROVAL_ALREADY_REQUESTED: "This correction already waits for approval.",
    ERROR_TRANSFER_NOT_REVERSIBLE:
      "This transfer cannot be reversed here: only deposits and internal sends that were not reversed yet.",
    ERROR_INSUFFICIENT_BALANCE: "The account no longer holds enough to reverse this transfer.",
    ERROR_INPUT_VALIDATION: "Check the transfer number and give a reason (3 characters or more).",
    generic: "That did not work. Try again.",
  },
};

type ApprovalsTexts = typeof en;

const fr: ApprovalsTexts = {
  title: "Approbations",
  subtitle:
    "Les actions qui attendent un administrateur autre que leur demandeur : les gros retraits (les plus gros en demandent deux) et les corrections du registre. Chaque demande et chaque décision figure au journal d’audit.",
  total_one: "{{count}} demande",
  total_other: "{{count}} demandes",
  empty: "Rien ici.",
  kinds: {
    all: "Toutes",
    withdrawal: "Retraits",
    ledger_reversal: "Corrections du registre",
  },
  kindBadge: {
    withdrawal: "Retrait",
    ledger_reversal: "Correction du registre",
  },
  states: {
    pending: "En attente",
    approved: "Approuvée",
    rejected: "Refusée",
    expired: "Expirée",
  },
  stateFilter: "État",
  kindFilter: "Type",
  withdrawalSummary: "{{username}} retire {{amount}} {{code}} (frais de réseau {{fee}}) vers {{address}}",
  reversalSummary: "Annuler le transfert n° {{id}} ({{transferKind}})",
  requestedBy: "Demandée par {{name}} le {{date}}",
  reason: "Motif : {{reason}}",
  approvals: "Approbations : {{given}} sur {{required}}",
  approvedBy: "Approuvée par {{names}}",
  expiresAt: "Expire le {{date}}",
  expiredAt: "Expirée le {{date}}",
  decided: "Décidée par {{name}} le {{date}}",
  decidedNoName: "Décidée le {{date}}",
  decisionReason: "Décision : {{reason}}",
  ownRequest: "Vous l’avez demandée : un autre administrateur l’approuve.",
  alreadyApproved: "Vous l’avez approuvée : un second administrateur donne l’autre approbation.",
  approve: "Approuver",
  reject: "Refuser",
  rejectReason: "Pourquoi (la trace du demandeur le garde)",
  confirmReject: "Refuser la demande",
  cancel: "Annuler",
  approved: "Approuvée.",
  approvalRecorded: "Votre approbation est enregistrée ; elle attend un second administrateur.",
  rejected: "Refusée ; ce qu’elle retenait est rendu.",
  proposal: {
    title: "Proposer une correction du registre",
    hint: "Un dépôt crédité par erreur ou un envoi interne est annulé par un nouveau transfert, une fois qu’un autre administrateur l’approuve.",
    transferId: "Numéro du transfert",
    reason: "Motif",
    submit: "Proposer l’annulation",
    done: "Proposée ; elle attend un autre administrateur.",
  },
  errors: {
    ERROR_APPROVAL_DECIDED: "Cette demande a déjà été décidée. La liste est de nouveau à jour.",
    ERROR_APPROVAL_EXPIRED:
      "Cette demande a expiré : elle ne peut plus être approuvée, et ce qu’elle retenait est rendu.",
    ERROR_APPROVAL_BY_REQUESTER: "Une demande est approuvée par un autre administrateur que son demandeur.",
    ERROR_APPROVAL_ALREADY_GIVEN: "Vous l’avez déjà approuvée ; la seconde approbation vient d’un autre administrateur.",
    ERROR_APPROVAL_NOT_FOUND: "Cette demande n’existe plus.",
    ERROR_APPROVAL_ALREADY_REQUESTED: "Cette correction attend déjà une approbation.",
    ERROR_TRANSFER_NOT_REVERSIBLE:
      "Ce transfert ne peut pas être annulé ici : seulement les dépôts et les envois internes pas encore annulés.",
    ERROR_INSUFFICIENT_BALANCE: "Le compte ne détient plus assez pour annuler ce transfert.",
    ERROR_INPUT_VALIDATION: "Vérifiez le numéro du transfert et donnez un motif (3 caractères ou plus).",
    generic: "Cela n’a pas fonctionné. Réessayez.",
  },
};

const texts: FeatureTexts<ApprovalsTexts> = { en, fr };

export function useApprovalsTexts() {
  return useFeatureTexts("adminApprovals", texts);
}
