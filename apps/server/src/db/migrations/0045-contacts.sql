-- Trusted and blocked users (docs/product.md#contacts). One row per ordered pair: a user either
-- trusts
-- or blocks another, never both; "untrust" and "unblock" delete the row.
CREATE TABLE user_relations (
  owner_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  other_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('trusted', 'blocked')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_user_id, other_user_id),
  CONSTRAINT user_relations_not_self CHECK (owner_user_id <> other_user_id)
);
-- The owner's trusted or blocked list, newest first.
CREATE INDEX user_relations_owner_list_idx ON user_relations (owner_user_id, state, updated_at DESC, other_user_id);
-- Who trusts or blocks a user (the chat and messenger checks look both ways).
CREATE INDEX user_relations_other_idx ON user_relations (other_user_id, state);

-- Profile figures kept on the user row, changed in the transaction that changes the relation, so
-- the public profile reads them without knowing the contacts tables (the users module owns the
-- row; the contacts module changes the figures through the users module's door).
ALTER TABLE users
  ADD COLUMN trusted_by_count integer NOT NULL DEFAULT 0 CHECK (trusted_by_count >= 0),
  ADD COLUMN blocked_by_count integer NOT NULL DEFAULT 0 CHECK (blocked_by_count >= 0);
