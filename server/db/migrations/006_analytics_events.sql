-- What the editor reports (issue 12): page views and events, batched by the editor. No IP address
-- is kept; session_id ties the events of one visit together.
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  session_id text,
  name text NOT NULL,
  category text,
  action text,
  label text,
  value double precision,
  path text
);
CREATE INDEX analytics_events_received ON analytics_events (received_at);
-- How many events a session or an address (by a hash) sent on a day: nobody can flood the table.
CREATE TABLE analytics_quota (
  quota_key text NOT NULL,
  day date NOT NULL,
  used integer NOT NULL,
  PRIMARY KEY (quota_key, day)
);
