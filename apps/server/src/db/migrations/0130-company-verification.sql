-- Corporate accounts and company verification (docs/decisions/120-corporate-accounts.md,
-- docs/decisions/121-verification-document-retention.md).

-- The company names a verified corporate account may show instead of a person's name, copied here
-- when its application is approved; and when the account postponed company verification.
ALTER TABLE users ADD COLUMN legal_entity_name text;
ALTER TABLE users ADD COLUMN business_name text;
ALTER TABLE users ADD COLUMN company_verification_postponed_at timestamptz;

-- One row per company application a corporate account sends; the newest is the account's status.
CREATE TABLE company_applications (
  id                  bigserial   PRIMARY KEY,
  public_id           text        NOT NULL UNIQUE,
  user_id             bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  legal_entity_name   text        NOT NULL,
  business_name       text        NOT NULL,
  registration_number text        NOT NULL,
  country_iso3        text        NOT NULL,
  status              text        NOT NULL DEFAULT 'application_submitted' CHECK (status IN (
    'application_submitted', 'in_review', 'application_approved', 'application_rejected',
    'application_waiting_resubmission')),
  reason              text,
  reviewer_id         bigint      REFERENCES users (id),
  submitted_at        timestamptz NOT NULL DEFAULT now(),
  decided_at          timestamptz
);
-- At most one application of an account waits for a moderator.
CREATE UNIQUE INDEX company_applications_one_open ON company_applications (user_id)
  WHERE status IN ('application_submitted', 'in_review');
CREATE INDEX company_applications_user_idx ON company_applications (user_id, id DESC);
CREATE INDEX company_applications_queue_idx ON company_applications (status, submitted_at);

-- The documents of an application, stored under random keys; storage_key is cleared when the
-- retention job removes the file (the row stays, saying the file is gone).
CREATE TABLE company_documents (
  id             text        PRIMARY KEY,
  application_id bigint      NOT NULL REFERENCES company_applications (id) ON DELETE CASCADE,
  -- The order the files were sent in (the ids are random).
  position       smallint    NOT NULL,
  storage_key    text,
  file_name      text        NOT NULL,
  content_type   text        NOT NULL,
  size_bytes     integer     NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  removed_at     timestamptz
);
CREATE INDEX company_documents_application_idx ON company_documents (application_id);

-- Every time a reviewer opens a document: who, which, when.
CREATE TABLE company_document_views (
  id          bigserial   PRIMARY KEY,
  document_id text        NOT NULL REFERENCES company_documents (id) ON DELETE CASCADE,
  viewer_id   bigint      NOT NULL REFERENCES users (id),
  viewed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_document_views_document_idx ON company_document_views (document_id);
