-- An unpaid trade whose payment window ran out is `expired`, no longer `cancelled_system`
-- (docs/decisions/132-expired-and-what-counts-as-cancelled.md). Every cancelled_system row was made
-- by the expiry job, so each becomes expired, and so do the events that announced it (the chat
-- shows them by their name): a one-time correction of the append-only trade_events.
ALTER TABLE trades DROP CONSTRAINT trades_status_check;
UPDATE trades SET status = 'expired' WHERE status = 'cancelled_system';
ALTER TABLE trades ADD CONSTRAINT trades_status_check CHECK (status IN (
  'active_funded', 'paid', 'dispute_open', 'released', 'cancelled_buyer', 'cancelled_seller',
  'expired', 'dispute_won_buyer', 'dispute_won_seller'
));
ALTER TABLE trades ADD CONSTRAINT trades_expired_has_cancelled_at CHECK (status <> 'expired' OR cancelled_at IS NOT NULL);
UPDATE trade_events SET name = 'expired', payload = jsonb_set(payload, '{to}', '"expired"')
  WHERE name = 'cancelled_system';
