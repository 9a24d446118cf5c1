-- A trade's flow requirements (docs/product.md#trade-flow-and-requirements: each has a status and
-- may be
-- optional; attachments are tracked per requirement). Requirements are fixed at start
-- from the offer; the buyer fulfils them (text or upload), the seller approves or rejects them.
CREATE TABLE trade_requirements (
  trade_id bigint NOT NULL REFERENCES trades (id),
  requirement_id text NOT NULL CHECK (requirement_id IN ('payer_name', 'payment_receipt', 'invoice', 'card_photo')),
  step text NOT NULL CHECK (step IN ('before_reveal_payment_details', 'before_mark_as_paid')),
  is_optional boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('approved', 'corrupted', 'pending', 'uploaded', 'rejected')),
  value text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trade_id, requirement_id)
);
REVOKE DELETE, TRUNCATE ON trade_requirements FROM souk_app;

-- Files attached to a trade's requirements. Souk stores what was declared (name, type, size);
-- the bytes are stored since migration 0049
-- (docs/decisions/011-jobs-from-requests-files-ledger-checks.md).
CREATE TABLE trade_attachments (
  id bigserial PRIMARY KEY,
  trade_id bigint NOT NULL REFERENCES trades (id),
  requirement_id text,
  uploader_id bigint NOT NULL REFERENCES users (id),
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trade_attachments_trade_idx ON trade_attachments (trade_id, id);
REVOKE UPDATE, DELETE, TRUNCATE ON trade_attachments FROM souk_app;
