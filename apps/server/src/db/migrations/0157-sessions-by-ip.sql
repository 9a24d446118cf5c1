-- Staff find the accounts whose sessions came from one address (the operator console's user
-- search, docs/product.md#operator-console): every session, live or ended, by its address.
CREATE INDEX sessions_ip_idx ON sessions (ip) WHERE ip IS NOT NULL;
