-- Codes and tokens are kept as keyed digests (docs/decisions/087-keyed-code-digests.md). Rows kept
-- under the former unkeyed SHA-256 hashes can no longer match a typed code:
-- the short-lived ones end here (an e-mail code lives 15 minutes, a reset link an hour, a pending
-- log-in 5 minutes, a sent second-factor code 10 minutes, a phone code 10 minutes); the user asks
-- for a new one. Recovery codes live until used: they are marked and become keyed digests of their
-- old hash the first time their user types a recovery code, so they keep working.
DELETE FROM email_codes;
DELETE FROM password_reset_tokens WHERE used_at IS NULL;
DELETE FROM pending_logins WHERE used_at IS NULL;
UPDATE two_factor SET code_hash = NULL, code_expires_at = NULL WHERE code_hash IS NOT NULL;

-- phone_codes comes with a later file on a fresh database; on one that has it, a pending code is
-- spent (its row stays: it carries the day's send count).
DO $$
BEGIN
  IF to_regclass('phone_codes') IS NOT NULL THEN
    EXECUTE 'UPDATE phone_codes SET expires_at = now() WHERE expires_at > now()';
  END IF;
END $$;

ALTER TABLE two_factor_recovery_codes ADD COLUMN is_legacy_hash boolean NOT NULL DEFAULT false;
UPDATE two_factor_recovery_codes SET is_legacy_hash = true;
