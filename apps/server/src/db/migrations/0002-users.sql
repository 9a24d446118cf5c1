CREATE TABLE users (
  id bigserial PRIMARY KEY,
  external_id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  phone text,
  avatar_url text,
  first_name text,
  last_name text,
  country_iso text,
  fiat_currency_id integer NOT NULL DEFAULT 144,
  locale text NOT NULL DEFAULT 'en',
  timezone text,
  referral_code text NOT NULL UNIQUE,
  fee_discount numeric(6, 4) NOT NULL DEFAULT 0,
  roles text[] NOT NULL DEFAULT ARRAY['user']::text[],
  is_banned boolean NOT NULL DEFAULT false,
  is_suspended boolean NOT NULL DEFAULT false,
  is_on_hold boolean NOT NULL DEFAULT false,
  is_frozen boolean NOT NULL DEFAULT false,
  is_restricted boolean NOT NULL DEFAULT false,
  is_compromised boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  phone_verified_at timestamptz,
  id_verified_at timestamptz,
  address_verified_at timestamptz,
  video_verified_at timestamptz,
  fullname_birthday_verified_at timestamptz,
  company_verified_at timestamptz,
  is_corporate_verified boolean NOT NULL DEFAULT false,
  kyc_level numeric(3, 1) NOT NULL DEFAULT 0,
  blocked_kyc_actions text[] NOT NULL DEFAULT ARRAY[]::text[],
  completed_tour_guides text[] NOT NULL DEFAULT ARRAY[]::text[],
  vendor_languages text[] NOT NULL DEFAULT ARRAY[]::text[],
  is_balance_hidden boolean NOT NULL DEFAULT false,
  full_name_visibility_type text NOT NULL DEFAULT 'first_name_and_initial',
  accept_chat_messages text NOT NULL DEFAULT 'YES',
  bio text NOT NULL DEFAULT '',
  notify_trade_messages_interval integer NOT NULL DEFAULT 10,
  site_theme text CHECK (site_theme IN ('light', 'dark')),
  registration_group smallint NOT NULL DEFAULT 2,
  last_seen_at timestamptz,
  last_mobile_app_active_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_roles_known CHECK (
    roles <@ ARRAY['user', 'vendor', 'merchant', 'corporate', 'moderator', 'supermod', 'admin', 'demo']::text[]
  )
);
-- Usernames and e-mails are unique without regard to case.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Sessions live in Postgres so that any server copy can serve any request. Only a hash of the
-- cookie value is stored: a leaked table does not leak usable sessions.
CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip inet,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Failed log-ins, counted per account and per address for throttling across server copies.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  login_key text NOT NULL,
  ip inet,
  succeeded boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key_idx ON login_attempts (login_key, created_at DESC);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at DESC);
