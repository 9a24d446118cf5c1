import type { AccountActivityType } from "@souk/contracts";
import type { FeatureTexts } from "./feature-texts.ts";

/**
 * The names of the account activity log's line types, shown by the user's own devices page and by
 * the operator console's user page. Each feature spreads them into its own texts.
 */

const en: Record<AccountActivityType, string> = {
  login: "Logged in",
  login_failed: "Failed log-in",
  new_device_login: "Log-in from a new device",
  login_approval_requested: "Log-in approval asked by e-mail",
  login_approved: "Log-in approved",
  login_denied: "Log-in denied",
  password_reset: "Password reset",
  password_change: "Password changed",
  email_change: "E-mail changed",
  two_factor_change: "Two-factor settings changed",
  withdrawal: "Crypto sent",
  release: "Trade released",
  api_key_created: "API key created",
  api_key_revoked: "API key revoked",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  passkey_used: "Passkey used",
  account_type_change: "Account type changed (personal or corporate)",
  company_verification: "Company verification decided",
  verification_decided: "Verification decided",
};

const fr: Record<AccountActivityType, string> = {
  login: "Connexion",
  login_failed: "Échec de connexion",
  new_device_login: "Connexion depuis un nouvel appareil",
  login_approval_requested: "Approbation de connexion demandée par e-mail",
  login_approved: "Connexion approuvée",
  login_denied: "Connexion refusée",
  password_reset: "Mot de passe réinitialisé",
  password_change: "Mot de passe modifié",
  email_change: "E-mail modifié",
  two_factor_change: "Double authentification modifiée",
  withdrawal: "Crypto envoyée",
  release: "Transaction libérée",
  api_key_created: "Clé d’API créée",
  api_key_revoked: "Clé d’API révoquée",
  passkey_added: "Clé d’accès ajoutée",
  passkey_removed: "Clé d’accès supprimée",
  passkey_used: "Clé d’accès utilisée",
  account_type_change: "Type de compte modifié (personnel ou entreprise)",
  company_verification: "Vérification de l’entreprise décidée",
  verification_decided: "Vérification tranchée",
};

export const activityTypeTexts: FeatureTexts<Record<AccountActivityType, string>> = { en, fr };
