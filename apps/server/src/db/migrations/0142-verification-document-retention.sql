-- Identity, address and video documents follow the retention of company documents
-- (docs/decisions/121-verification-document-retention.md): past it, the file of a rejected
-- submission's or a closed account's document is removed, and its row stays, marked removed.
ALTER TABLE verification_documents ALTER COLUMN storage_key DROP NOT NULL;
ALTER TABLE verification_documents ADD COLUMN removed_at timestamptz;
ALTER TABLE verification_documents ADD CONSTRAINT verification_documents_removed
  CHECK ((storage_key IS NULL) = (removed_at IS NOT NULL));
-- The purge looks for rejected submissions by their decision time.
CREATE INDEX verification_submissions_rejected ON verification_submissions (decided_at)
  WHERE status = 'rejected';
