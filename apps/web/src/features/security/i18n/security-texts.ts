import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "Security",
  title: "Security",
  approvals: {
    title: "New devices",
    label: "Ask me to approve log-ins from new devices",
    hint: "A log-in with your password from a device your account has never used waits until you approve it from a link we e-mail you. Every new device is e-mailed about either way.",
    saved: "Saved.",
    failed: "This could not be saved.",
  },
  twoFactor: {
    title: "Two-factor authentication",
    lead: "A second step after your password, and before releases and sends: a code from your phone or your mailbox.",
    stateOn: "On: {{type}}",
    stateOff: "Off",
    types: { ga: "authenticator app", email: "e-mail codes", sms: "SMS", none: "none" },
    chooseGa: "Use an authenticator app",
    chooseEmail: "Use e-mail codes",
    chooseSms: "Use SMS codes",
    scan: "Scan this QR code with your authenticator app (Google Authenticator, Aegis, 1Password…), or type the key.",
    secretLabel: "Key",
    emailSent: "We e-mailed you a 6-digit code. Type it to turn the second factor on.",
    smsSent: "We texted a 6-digit code to your verified phone. Type it to turn the second factor on.",
    resend: "Send a new code",
    resent: "A new code is on its way.",
    code: "Code",
    codeHint: "The 6-digit code, or one of your recovery codes.",
    enable: "Turn on",
    cancel: "Cancel",
    recoveryTitle: "Your recovery codes",
    recoveryLead:
      "Keep these ten codes somewhere safe: each one logs you in once if you lose your device. They are shown only now.",
    recoveryDone: "I have saved them",
    recoveryLeft: "{{count}} recovery codes left.",
    eventsTitle: "Ask for the code when I…",
    events: { login: "log in", release: "release a trade's crypto", sendout: "send crypto" },
    eventsHint: "Turning one off asks for a code.",
    save: "Save",
    saved: "Saved.",
    disableTitle: "Turn off",
    disable: "Turn off two-factor authentication",
    disabled: "Two-factor authentication is off.",
  },
  password: {
    title: "Password",
    current: "Current password",
    next: "New password",
    code: "Two-factor code",
    submit: "Change password",
    changed: "Your password is changed. Your other sessions have ended.",
  },
  errors: { generic: "That did not work; try again." },
};
type SecurityTexts = typeof en;

const fr: SecurityTexts = {
  metaTitle: "Sécurité",
  title: "Sécurité",
  approvals: {
    title: "Nouveaux appareils",
    label: "Me demander d’approuver les connexions depuis un nouvel appareil",
    hint: "Une connexion avec votre mot de passe depuis un appareil que votre compte n’a jamais utilisé attend votre approbation par un lien envoyé par e-mail. Chaque nouvel appareil vous est signalé par e-mail dans tous les cas.",
    saved: "Enregistré.",
    failed: "L’enregistrement a échoué.",
  },
  twoFactor: {
    title: "Authentification à deux facteurs",
    lead: "Une seconde étape après votre mot de passe, et avant les libérations et les envois : un code de votre téléphone ou de votre boîte mail.",
    stateOn: "Activée : {{type}}",
    stateOff: "Désactivée",
    types: { ga: "application d’authentification", email: "codes par e-mail", sms: "SMS", none: "aucun" },
    chooseGa: "Utiliser une application d’authentification",
    chooseEmail: "Utiliser des codes par e-mail",
    chooseSms: "Utiliser des codes par SMS",
    scan: "Scannez ce QR code avec votre application d’authentification (Google Authenticator, Aegis, 1Password…), ou saisissez la clé.",
    secretLabel: "Clé",
    emailSent: "Nous vous avons envoyé un code à 6 chiffres. Saisissez-le pour activer le second facteur.",
    smsSent:
      "Nous avons envoyé un code à 6 chiffres par SMS à votre téléphone vérifié. Saisissez-le pour activer le second facteur.",
    resend: "Envoyer un nouveau code",
    resent: "Un nouveau code est en route.",
    code: "Code",
    codeHint: "Le code à 6 chiffres, ou l’un de vos codes de secours.",
    enable: "Activer",
    cancel: "Annuler",
    recoveryTitle: "Vos codes de secours",
    recoveryLead:
      "Gardez ces dix codes en lieu sûr : chacun vous connecte une fois si vous perdez votre appareil. Ils ne sont affichés que maintenant.",
    recoveryDone: "Je les ai enregistrés",
    recoveryLeft: "{{count}} codes de secours restants.",
    eventsTitle: "Demander le code quand je…",
    events: { login: "me connecte", release: "libère les cryptos d’un échange", sendout: "envoie des cryptos" },
    eventsHint: "En désactiver un demande un code.",
    save: "Enregistrer",
    saved: "Enregistré.",
    disableTitle: "Désactiver",
    disable: "Désactiver l’authentification à deux facteurs",
    disabled: "L’authentification à deux facteurs est désactivée.",
  },
  password: {
    title: "Mot de passe",
    current: "Mot de passe actuel",
    next: "Nouveau mot de passe",
    code: "Code à deux facteurs",
    submit: "Changer le mot de passe",
    changed: "Votre mot de passe est changé. Vos autres sessions sont fermées.",
  },
  errors: { generic: "Cela n’a pas fonctionné ; réessayez." },
};

const texts: FeatureTexts<SecurityTexts> = { en, fr };

export function useSecurityTexts() {
  return useFeatureTexts("security", texts);
}
