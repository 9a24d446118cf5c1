-- Approval of log-ins from new devices (docs/decisions/092-login-approvals.md).

-- The user's choice: ask for an approval by e-mail before a new device may log in.
CREATE TABLE security_settings (
  user_id             bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  approve_new_devices boolean     NOT NULL DEFAULT false,
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- One request per waiting log-in. Both tokens are stored as SHA-256 hashes: the waiting browser's
-- (a cookie) and the mailed link's. 'expired' is written when a late answer or poll finds it so;
-- a pending row past expires_at reads as expired.
CREATE TABLE login_approvals (
  id                bigserial   PRIMARY KEY,
  user_id           bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  wait_token_hash   text        NOT NULL UNIQUE,
  answer_token_hash text        NOT NULL UNIQUE,
  device_id_hash    text        NOT NULL,
  ip                text,
  user_agent        text,
  status            text        NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'expired', 'approved', 'denied')),
  expires_at        timestamptz NOT NULL,
  answered_at       timestamptz,
  used_at           timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_approvals_user ON login_approvals (user_id, id DESC);
