-- Offer moderation in the operator console (docs/decisions/130-offer-moderation.md). The status and
-- the reason the vendor reads are offers.moderation_status and moderation_message; these columns
-- keep the vendor's appeal and when staff last decided, for the queue of appealed offers.
ALTER TABLE offers
  ADD COLUMN moderation_appeal text,
  ADD COLUMN appealed_at timestamptz,
  ADD COLUMN moderated_at timestamptz;
-- The moderators' queue: offers not approved, by status, the oldest appeal first.
CREATE INDEX offers_moderation_queue_idx ON offers (moderation_status, appealed_at, id)
  WHERE moderation_status <> 1 AND deleted_at IS NULL;
