-- Verification submissions (docs/decisions/117-manual-review-queue.md): an ID, a proof of address
-- or a video a user sends, decided by a provider (the built-in `manual` one is a review queue).
CREATE TABLE verification_submissions (
  id bigserial PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('id', 'address', 'video')),
  provider text NOT NULL DEFAULT 'manual' CHECK (length(provider) BETWEEN 1 AND 40),
  -- The provider's own reference to the check, when it has one.
  provider_reference text CHECK (length(provider_reference) <= 200),
  status text NOT NULL CHECK (status IN ('pending', 'uploaded', 'approved', 'rejected', 'corrupted')),
  -- The spec's start payload (names, document type and number, the address), as the user sent it.
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  reason text CHECK (length(reason) <= 500),
  reviewer_id bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT verification_submissions_decided CHECK ((status IN ('approved', 'rejected', 'corrupted')) = (decided_at IS NOT NULL))
);
-- One open submission per user and type: a second start while one waits is refused.
CREATE UNIQUE INDEX verification_submissions_one_open ON verification_submissions (user_id, type)
  WHERE status IN ('pending', 'uploaded');
CREATE INDEX verification_submissions_queue ON verification_submissions (status, created_at);
CREATE INDEX verification_submissions_user ON verification_submissions (user_id, type, id DESC);

-- The files of a submission, stored under random keys (never a name the user chose).
CREATE TABLE verification_documents (
  id bigserial PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  submission_id bigint NOT NULL REFERENCES verification_submissions (id) ON DELETE CASCADE,
  side text NOT NULL CHECK (side IN ('front', 'back', 'selfie', 'proof', 'video')),
  storage_key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  file_name text NOT NULL,
  byte_size integer NOT NULL CHECK (byte_size > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (submission_id, side)
);

-- Every time a reviewer opened a document: who, which, when. Never rewritten.
CREATE TABLE verification_document_views (
  id bigserial PRIMARY KEY,
  document_id bigint NOT NULL REFERENCES verification_documents (id) ON DELETE CASCADE,
  reviewer_id bigint NOT NULL REFERENCES users (id),
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_document_views_document ON verification_document_views (document_id, id);
REVOKE UPDATE, TRUNCATE ON verification_document_views FROM souk_app;

ALTER TABLE notifications DROP CONSTRAINT notifications_subject_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_subject_type_check
  CHECK (subject_type IN ('trade', 'deposit', 'withdrawal', 'offer', 'bid', 'device', 'webhook', 'verification'));

-- The in_house_id condition: an ID our own reviewers checked (the manual provider), not an outside one.
ALTER TABLE users ADD COLUMN in_house_id_verified_at timestamptz;
