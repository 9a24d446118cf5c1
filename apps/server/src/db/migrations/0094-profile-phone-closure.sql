-- Profile, phone and account closure (docs/decisions/114-phone-codes-and-sms.md,
-- docs/decisions/115-closing-an-account.md).

-- A username may be changed once; the first change is stamped here.
ALTER TABLE users ADD COLUMN username_changed_at timestamptz;
-- A closed account keeps its row (trades and the ledger point at it) and can no longer log in.
ALTER TABLE users ADD COLUMN closed_at timestamptz;
ALTER TABLE users ADD COLUMN close_reason text;
ALTER TABLE users ADD COLUMN close_comment text;
-- When the citizenship consent was accepted with the phone number now on the account.
ALTER TABLE users ADD COLUMN phone_consent_at timestamptz;

-- The pending phone verification of each user: one row per user, the code stored hashed, with its
-- expiry, wrong tries, and the sends of the current day's window (the limit and its countdown).
CREATE TABLE phone_codes (
  user_id          bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  phone            text        NOT NULL,
  code_hash        text        NOT NULL,
  attempts         integer     NOT NULL DEFAULT 0,
  sends            integer     NOT NULL DEFAULT 1,
  window_started_at timestamptz NOT NULL,
  sent_at          timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL
);

-- Outgoing text messages, written by the transaction that causes them and delivered after commit
-- through the configured adapter; with the dev adapter a row stays 'held' and is read with sms:list.
CREATE TABLE sms_outbox (
  id          bigserial   PRIMARY KEY,
  to_phone    text        NOT NULL,
  body        text        NOT NULL,
  channel     text        NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'call')),
  status      text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'held')),
  attempts    integer     NOT NULL DEFAULT 0,
  last_error  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz
);
CREATE INDEX sms_outbox_pending ON sms_outbox (id) WHERE status = 'pending';

-- Feature requests sent from the app's feedback form.
CREATE TABLE feature_requests (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text       text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feature_requests_user_idx ON feature_requests (user_id, created_at DESC);
