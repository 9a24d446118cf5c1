-- The pending e-mail verification code of each user (docs/decisions/101-email-codes.md): one row
-- per user, the code stored hashed, with its expiry, failed attempts and when it was last sent.
CREATE TABLE email_codes (
  user_id    bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email      text        NOT NULL,
  code_hash  text        NOT NULL,
  attempts   integer     NOT NULL DEFAULT 0,
  sent_at    timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
