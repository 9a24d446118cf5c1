-- The notifications of causes other than trades (docs/decisions/112-one-event-catalogue.md): new
-- setting groups (wallet, offers, account) and what a notification can be about.
ALTER TABLE notification_settings DROP CONSTRAINT notification_settings_event_group_check;
ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_event_group_check
  CHECK (event_group IN ('trades', 'disputes', 'chat', 'feedback', 'wallet', 'offers', 'account'));

ALTER TABLE notifications DROP CONSTRAINT notifications_subject_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_subject_type_check
  CHECK (subject_type IN ('trade', 'deposit', 'withdrawal', 'offer', 'bid', 'device', 'webhook'));
