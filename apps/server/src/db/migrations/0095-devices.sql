-- Devices (docs/decisions/091-device-ids.md): the 32-character id a browser keeps in a cookie,
-- stored only as its SHA-256 hash, with its last six characters for the sessions list.
ALTER TABLE sessions ADD COLUMN device_id_hash text;
ALTER TABLE sessions ADD COLUMN device_id_end text;

-- The devices each user has logged in from; a log-in from a device not listed here is a new
-- device (the user is e-mailed, and the activity log says so).
CREATE TABLE user_devices (
  user_id        bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id_hash text        NOT NULL,
  device_id_end  text        NOT NULL,
  user_agent     text,
  ip             text,
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_id_hash)
);
