-- What the demo seed created, so running it again touches only its own rows: the users it made,
-- the trades it played, the relations it set once (a relation a user removed later stays removed).
-- `kind` names the thing, `ref` identifies it within the kind, `detail` is the seed's own note
-- (a trade's id for a planned trade, say).
CREATE TABLE demo_seed_rows (
  kind text NOT NULL,
  ref text NOT NULL,
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, ref)
);

-- Databases seeded before this table existed: the seed gave its accounts e-mail addresses under
-- demo.souk.local, so those are its users; relations among them are marked as set, so a seed run
-- after this migration does not bring back one a user had removed.
INSERT INTO demo_seed_rows (kind, ref, detail)
SELECT 'user', username, id::text FROM users WHERE email LIKE '%@demo.souk.local'
ON CONFLICT DO NOTHING;
INSERT INTO demo_seed_rows (kind, ref)
SELECT 'relation', owner.username || '>' || other.username
FROM users owner CROSS JOIN users other
WHERE owner.email LIKE '%@demo.souk.local' AND other.email LIKE '%@demo.souk.local' AND owner.id <> other.id
ON CONFLICT DO NOTHING;
