import { type Locale, SUPPORTED_LOCALES } from "@souk/contracts";

/** The mails Souk sends. Each has a subject, a text and an HTML body in every shipped locale. */
export type MailTemplate =
  | "email-code"
  | "email-change-code"
  | "email-change-notice"
  | "password-reset"
  | "new-device-login"
  | "login-approval"
  | "two-factor-code"
  | "two-factor-reset"
  | "notification"
  | "trade-messages"
  | "direct-messages";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Vars = Record<string, string>;
type Copy = { subject: string | ((v: Vars) => string); lines: (v: Vars) => string[] };

/** The lines that have a value (a notification's optional details). */
function present(...lines: (string | undefined)[]): string[] {
  return lines.filter((line): line is string => line !== undefined && line !== "");
}

const COPY: Record<MailTemplate, Record<Locale, Copy>> = {
  "email-code": {
    en: {
      subject: "Your Souk verification code",
      lines: (v) => [`Your code is ${v.code}.`, "It expires in 15 minutes."],
    },
    fr: {
      subject: "Votre code de vérification Souk",
      lines: (v) => [`Votre code est ${v.code}.`, "Il expire dans 15 minutes."],
    },
  },
  "email-change-code": {
    en: {
      subject: "Confirm your new Souk e-mail address",
      lines: (v) => [
        `Your code is ${v.code}.`,
        "Enter it on the security page to make this your account's address. It expires in 15 minutes.",
      ],
    },
    fr: {
      subject: "Confirmez votre nouvelle adresse e-mail Souk",
      lines: (v) => [
        `Votre code est ${v.code}.`,
        "Saisissez-le sur la page de sécurité pour en faire l'adresse de votre compte. Il expire dans 15 minutes.",
      ],
    },
  },
  "email-change-notice": {
    en: {
      subject: "A change of your Souk e-mail address was asked",
      lines: (v) => [
        `Someone signed in to your account asked to move it to ${v.newEmail}.`,
        "The address changes only once the code mailed there is entered. If it was not you, change your password and end your other sessions now.",
      ],
    },
    fr: {
      subject: "Un changement de votre adresse e-mail Souk a été demandé",
      lines: (v) => [
        `Quelqu'un de connecté à votre compte a demandé de le rattacher à ${v.newEmail}.`,
        "L'adresse ne change qu'une fois saisi le code envoyé là-bas. Si ce n'était pas vous, changez votre mot de passe et terminez vos autres sessions maintenant.",
      ],
    },
  },
  "password-reset": {
    en: {
      subject: "Reset your Souk password",
      lines: (v) => ["Open this link within one hour to choose a new password:", `${v.link}`],
    },
    fr: {
      subject: "Réinitialisez votre mot de passe Souk",
      lines: (v) => ["Ouvrez ce lien dans l'heure pour choisir un nouveau mot de passe :", `${v.link}`],
    },
  },
  "two-factor-reset": {
    en: {
      subject: "Your Souk second factor was reset",
      lines: () => [
        "At your request, Souk's staff turned off the second factor of your account; two admins approved it.",
        "Every session of your account has ended. Log in with your password and turn the second factor on again in your security settings.",
        "If you did not ask for this, contact support at once.",
      ],
    },
    fr: {
      subject: "Le second facteur de votre compte Souk a été réinitialisé",
      lines: () => [
        "À votre demande, l'équipe de Souk a désactivé le second facteur de votre compte ; deux administrateurs l'ont approuvé.",
        "Toutes les sessions de votre compte ont pris fin. Connectez-vous avec votre mot de passe et réactivez le second facteur dans vos paramètres de sécurité.",
        "Si vous ne l'avez pas demandé, contactez le support immédiatement.",
      ],
    },
  },
  "two-factor-code": {
    en: {
      subject: "Your Souk security code",
      lines: (v) => [`Your security code is ${v.code}.`, "It expires in 10 minutes. Never share it with anyone."],
    },
    fr: {
      subject: "Votre code de sécurité Souk",
      lines: (v) => [
        `Votre code de sécurité est ${v.code}.`,
        "Il expire dans 10 minutes. Ne le communiquez à personne.",
      ],
    },
  },
  // A notification (the notifications module renders its headline and details in the locale).
  notification: {
    en: {
      subject: (v) => `Souk: ${v.headline}`,
      // `open` names what the link opens (a trade unless the notice says otherwise).
      lines: (v) => present(v.headline, v.details, v.timeLeft, `${v.open || "Open the trade"}: ${v.link}`),
    },
    fr: {
      subject: (v) => `Souk : ${v.headline}`,
      lines: (v) => present(v.headline, v.details, v.timeLeft, `${v.open || "Ouvrir la transaction"} : ${v.link}`),
    },
  },
  // The digest of a trade's chat messages, at most one per notifyTradeMessagesInterval.
  "trade-messages": {
    en: {
      subject: (v) => `Souk: new messages from ${v.counterparty}`,
      lines: (v) => present(`${v.counterparty} wrote in your trade:`, v.messages, `Open the trade: ${v.link}`),
    },
    fr: {
      subject: (v) => `Souk : nouveaux messages de ${v.counterparty}`,
      lines: (v) =>
        present(`${v.counterparty} a écrit dans votre transaction :`, v.messages, `Ouvrir la transaction : ${v.link}`),
    },
  },
  "direct-messages": {
    en: {
      subject: (v) => `Souk: new messages from ${v.counterparty}`,
      lines: (v) => present(`${v.counterparty} wrote to you:`, v.messages, `Open the conversation: ${v.link}`),
    },
    fr: {
      subject: (v) => `Souk : nouveaux messages de ${v.counterparty}`,
      lines: (v) => present(`${v.counterparty} vous a écrit :`, v.messages, `Ouvrir la conversation : ${v.link}`),
    },
  },
  "new-device-login": {
    en: {
      subject: "New log-in to your Souk account",
      lines: (v) => [
        `Someone logged in to your account from a new device: ${v.device || "an unknown browser"}${v.ip ? ` (address ${v.ip})` : ""}.`,
        "If it was you, there is nothing to do. If it was not, end that session and change your password:",
        `${v.link}`,
      ],
    },
    fr: {
      subject: "Nouvelle connexion à votre compte Souk",
      lines: (v) => [
        `Quelqu'un s'est connecté à votre compte depuis un nouvel appareil : ${v.device || "un navigateur inconnu"}${v.ip ? ` (adresse ${v.ip})` : ""}.`,
        "Si c'était vous, il n'y a rien à faire. Sinon, terminez cette session et changez votre mot de passe :",
        `${v.link}`,
      ],
    },
  },
  "login-approval": {
    en: {
      subject: "Approve a log-in to your Souk account",
      lines: (v) => [
        `Someone with your password is logging in from a new device: ${v.device || "an unknown browser"}${v.ip ? ` (address ${v.ip})` : ""}.`,
        "If it is you, approve it within 15 minutes:",
        `${v.approveLink}`,
        "If it is not you, deny it and change your password:",
        `${v.denyLink}`,
      ],
    },
    fr: {
      subject: "Approuvez une connexion à votre compte Souk",
      lines: (v) => [
        `Quelqu'un qui connaît votre mot de passe se connecte depuis un nouvel appareil : ${v.device || "un navigateur inconnu"}${v.ip ? ` (adresse ${v.ip})` : ""}.`,
        "Si c'est vous, approuvez-la dans les 15 minutes :",
        `${v.approveLink}`,
        "Si ce n'est pas vous, refusez-la et changez votre mot de passe :",
        `${v.denyLink}`,
      ],
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Pure: the subject and both bodies of one mail in one locale. */
export function renderMail(template: MailTemplate, locale: Locale, vars: Vars): RenderedMail {
  const copy = COPY[template][locale];
  const lines = copy.lines(vars);
  const html = `<!doctype html><html lang="${locale}"><body>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}</body></html>`;
  const subject = typeof copy.subject === "function" ? copy.subject(vars) : copy.subject;
  return { subject, text: `${lines.join("\n\n")}\n`, html };
}

/** A user's stored locale as a mail locale: a shipped one, else English. */
export function mailLocaleOf(value: string): Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value) ? (value as Locale) : "en";
}
