-- Forgotten-password links: only the SHA-256 of the mailed token is kept, so a read of this table
-- cannot reset anyone's password. A link works once (used_at) and until expires_at.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at DESC);
