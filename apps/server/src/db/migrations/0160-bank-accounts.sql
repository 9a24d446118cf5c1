-- Bank accounts of a user (bank-accounts module, docs/decisions/128-bank-accounts.md) and the
-- offers they are attached to. Numbers are stored compacted (no spaces or dashes, upper case), as
-- checked per country. A deleted account keeps its row (deleted_at) so the trades of the offers it
-- was attached to still show the buyer where to pay.
CREATE TABLE bank_accounts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  country_iso text NOT NULL CHECK (country_iso ~ '^[A-Z]{2}$'),
  fiat_currency_id integer NOT NULL REFERENCES fiat_currencies (id),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 100),
  is_personal boolean NOT NULL DEFAULT true,
  -- An id of the shipped bank directory, when the bank is one of it.
  bank_id text CHECK (length(bank_id) <= 40),
  bank_name text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 100),
  swift_code text CHECK (swift_code ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
  account_number text NOT NULL CHECK (length(account_number) BETWEEN 1 AND 40),
  iban text CHECK (length(iban) <= 40),
  routing_number text CHECK (length(routing_number) <= 20),
  ifsc text CHECK (length(ifsc) = 11),
  clabe text CHECK (clabe ~ '^[0-9]{18}$'),
  additional_info text CHECK (length(additional_info) <= 500),
  state text CHECK (length(state) <= 100),
  city text CHECK (length(city) <= 100),
  zip text CHECK (length(zip) <= 20),
  address text CHECK (length(address) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX bank_accounts_user_idx ON bank_accounts (user_id, id) WHERE deleted_at IS NULL;

-- The accounts a vendor attached to an offer: only the offer owner's own accounts.
CREATE TABLE offer_bank_accounts (
  offer_id bigint NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  bank_account_id bigint NOT NULL REFERENCES bank_accounts (id) ON DELETE CASCADE,
  position smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (offer_id, bank_account_id)
);
CREATE INDEX offer_bank_accounts_account_idx ON offer_bank_accounts (bank_account_id);
