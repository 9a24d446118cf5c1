-- Staff approvals (four eyes): an action that waits for an admin who is not its requester
-- (docs/decisions/143-staff-approvals.md). The decision and the action commit in one transaction
-- with the request's row locked, so two approvals at once run the action once.
CREATE TABLE staff_approvals (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('withdrawal', 'ledger_reversal', 'two_factor_reset')),
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  -- The account the action is about (the withdrawing user): it may not approve either.
  subject_user_id bigint REFERENCES users (id),
  payload jsonb NOT NULL DEFAULT '{}',
  requested_by bigint REFERENCES users (id),
  reason text NOT NULL DEFAULT '',
  approvals_required smallint NOT NULL CHECK (approvals_required IN (1, 2)),
  approved_by bigint[] NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'expired')),
  decided_by bigint REFERENCES users (id),
  decision_reason text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((state = 'pending') = (decided_at IS NULL)),
  CHECK (cardinality(approved_by) <= approvals_required)
);
-- One open request per action: a second proposal of the same correction is refused.
CREATE UNIQUE INDEX staff_approvals_open_subject_idx ON staff_approvals (kind, subject_type, subject_id)
  WHERE state = 'pending';
CREATE INDEX staff_approvals_state_idx ON staff_approvals (state, id DESC);
CREATE INDEX staff_approvals_pending_expiry_idx ON staff_approvals (expires_at) WHERE state = 'pending';
REVOKE DELETE, TRUNCATE ON staff_approvals FROM souk_app;

-- A withdrawal above the approval threshold waits in 'awaiting_approval' (its funds held by the
-- ledger, never claimed by the broadcaster); a rejected one ends in 'rejected' with its refund.
ALTER TABLE wallet_withdrawals DROP CONSTRAINT wallet_withdrawals_state_check;
ALTER TABLE wallet_withdrawals ADD CONSTRAINT wallet_withdrawals_state_check
  CHECK (state IN ('awaiting_approval', 'held', 'broadcasting', 'completed', 'failed', 'rejected'));
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
    WHERE conrelid = 'wallet_withdrawals'::regclass AND contype = 'c'
      AND pg_get_constraintdef(oid) LIKE '%settle_transfer_id IS NOT NULL%'
  LOOP
    EXECUTE format('ALTER TABLE wallet_withdrawals DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;
ALTER TABLE wallet_withdrawals ADD CONSTRAINT wallet_withdrawals_settled_check
  CHECK ((state IN ('completed', 'failed', 'rejected')) = (settle_transfer_id IS NOT NULL));
