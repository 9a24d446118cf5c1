import { type Locale, SUPPORTED_LOCALES } from "@souk/contracts";

/** The mails Souk sends. Each has a subject, a text and an HTML body in every shipped locale. */
export type MailTemplate = "email-code" | "password-reset" | "new-device-login" | "login-approval" | "two-factor-code";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Vars = Record<string, string>;
type Copy = { subject: string; lines: (v: Vars) => string[] };

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
  return { subject: copy.subject, text: `${lines.join("\n\n")}\n`, html };
}

/** A user's stored locale as a mail locale: a shipped one, else English. */
export function mailLocaleOf(value: string): Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value) ? (value as Locale) : "en";
}
