-- Outgoing mail: every message is written here by the transaction that causes it, and a job
-- delivers it after commit (docs/decisions/100-mail-outbox.md). Without SMTP the row stays
-- 'held' and is read through the dev mailbox.
CREATE TABLE mail_outbox (
  id            bigserial PRIMARY KEY,
  to_address    text        NOT NULL,
  template      text        NOT NULL,
  locale        text        NOT NULL,
  subject       text        NOT NULL,
  body_text     text        NOT NULL,
  body_html     text        NOT NULL,
  status        text        NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'sent', 'failed', 'held')),
  attempts      integer     NOT NULL DEFAULT 0,
  last_error    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  sent_at       timestamptz
);

CREATE INDEX mail_outbox_pending ON mail_outbox (id) WHERE status = 'pending';
