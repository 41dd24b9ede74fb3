-- Accounts, sessions, photos and collages. Plain PostgreSQL that PGlite runs too.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  username_key text NOT NULL UNIQUE,
  email text NOT NULL,
  email_key text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  newsletter boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id bigint REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE photos (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sha256 text NOT NULL,
  byte_size bigint NOT NULL,
  org_width integer NOT NULL,
  org_height integer NOT NULL,
  web_sha256 text,
  web_width integer,
  web_height integer,
  photo_type text NOT NULL DEFAULT 'computer',
  unique_key text,
  suggested_rotation integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, sha256)
);

CREATE TABLE collages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_id text NOT NULL,
  child_template_id text,
  name text NOT NULL DEFAULT '',
  size text NOT NULL DEFAULT '',
  material text NOT NULL DEFAULT '',
  collage_xml text NOT NULL,
  editor integer NOT NULL,
  editor_version integer NOT NULL,
  for_order boolean NOT NULL DEFAULT false,
  screenshot text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collages_user ON collages (user_id, updated_at DESC);

CREATE TABLE collage_photos (
  collage_id bigint NOT NULL REFERENCES collages(id) ON DELETE CASCADE,
  photo_id bigint NOT NULL REFERENCES photos(id),
  PRIMARY KEY (collage_id, photo_id)
);

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  collage_id bigint NOT NULL REFERENCES collages(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'new',
  print_file text,
  created_at timestamptz NOT NULL DEFAULT now()
);
