-- Direct messages notify their recipient (docs/decisions/147-direct-message-notifications-and-listing-badges.md): the
-- notification's subject is the sender, a user.
ALTER TABLE notifications DROP CONSTRAINT notifications_subject_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_subject_type_check
  CHECK (subject_type IN ('trade', 'deposit', 'withdrawal', 'offer', 'bid', 'device', 'webhook', 'verification', 'user'));
