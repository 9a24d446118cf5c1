-- Trade history exports (docs/product.md#exports). A row is the request and its progress; the file
-- is
-- made by the exports.generate job and kept in the file storage under a key the server chose.
-- The row doubles as the job's outbox: a pending row is picked up even if no job message was sent.
CREATE TABLE trade_history_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id bigint NOT NULL REFERENCES users (id),
  format text NOT NULL CHECK (format IN ('csv', 'xlsx', 'pdf')),
  -- cryptoCurrencyCode, offerType, paymentMethodId, status, startDate, endDate as requested.
  filters jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN (
    'pending', 'in_progress', 'generating', 'completed', 'failed', 'missing', 'cancelled', 'no_data'
  )),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  -- Each claim by a worker adds one; the number is also the fencing token of that claim, so a
  -- worker whose lease ran out cannot overwrite the work of the one that took over.
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  lease_until timestamptz,
  row_count integer CHECK (row_count >= 0),
  storage_key text,
  file_name text,
  byte_size integer CHECK (byte_size >= 0),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'completed' OR (storage_key IS NOT NULL AND completed_at IS NOT NULL))
);
-- The owner's list, newest first.
CREATE INDEX trade_history_exports_user_idx ON trade_history_exports (user_id, created_at DESC);
-- The job's scan for work: queued rows and claims whose lease ran out.
CREATE INDEX trade_history_exports_runnable_idx ON trade_history_exports (created_at)
  WHERE status IN ('pending', 'in_progress', 'generating');
-- The retention job's scan.
CREATE INDEX trade_history_exports_retention_idx ON trade_history_exports (completed_at) WHERE status = 'completed';
REVOKE DELETE, TRUNCATE ON trade_history_exports FROM souk_app;
