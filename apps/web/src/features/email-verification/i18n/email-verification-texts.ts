import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "Verification",
  title: "Verify your e-mail address",
  lead: "We sent a 6-digit code to {{email}}. It is valid for 15 minutes.",
  verified: "Your e-mail address {{email}} is verified.",
  code: "Code",
  submit: "Verify",
  resend: "Send a new code",
  resent: "A new code is on its way.",
  change: "Use another address",
  newEmail: "New e-mail address",
  changeSubmit: "Send the code there",
  errors: {
    email_code: {
      wrong: "This code is wrong.",
      expired: "This code has expired; ask for a new one.",
      too_many_attempts: "Too many wrong codes; ask for a new one.",
      none: "Ask for a code first.",
      format: "The code is 6 digits.",
    },
    email: { unavailable: "This address cannot be used." },
    rateLimited: "Wait {{seconds}} seconds before asking again.",
    generic: "That did not work; try again.",
  },
};
type EmailVerificationTexts = typeof en;
const fr: EmailVerificationTexts = {
  metaTitle: "Vérification",
  title: "Vérifiez votre adresse e-mail",
  lead: "Nous avons envoyé un code à 6 chiffres à {{email}}. Il est valable 15 minutes.",
  verified: "Votre adresse e-mail {{email}} est vérifiée.",
  code: "Code",
  submit: "Vérifier",
  resend: "Envoyer un nouveau code",
  resent: "Un nouveau code est en route.",
  change: "Utiliser une autre adresse",
  newEmail: "Nouvelle adresse e-mail",
  changeSubmit: "Y envoyer le code",
  errors: {
    email_code: {
      wrong: "Ce code est erroné.",
      expired: "Ce code a expiré ; demandez-en un nouveau.",
      too_many_attempts: "Trop de codes erronés ; demandez-en un nouveau.",
      none: "Demandez d’abord un code.",
      format: "Le code comporte 6 chiffres.",
    },
    email: { unavailable: "Cette adresse ne peut pas être utilisée." },
    rateLimited: "Attendez {{seconds}} secondes avant de redemander.",
    generic: "Cela n’a pas fonctionné ; réessayez.",
  },
};
const texts: FeatureTexts<EmailVerificationTexts> = { en, fr };

export function useEmailVerificationTexts() {
  return useFeatureTexts("emailVerification", texts);
}
