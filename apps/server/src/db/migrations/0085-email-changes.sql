-- A signed-in user's change of e-mail address (docs/decisions/083-email-change.md): one pending
-- change per user, the new address and the 6-digit code mailed to it, stored as a keyed digest,
-- with its expiry and failed attempts. The address changes only when the code comes back.
CREATE TABLE email_changes (
  user_id    bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  new_email  text        NOT NULL,
  code_hash  text        NOT NULL,
  attempts   integer     NOT NULL DEFAULT 0,
  sent_at    timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
