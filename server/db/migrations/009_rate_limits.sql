-- Rate-limit counters (server/plugins/rateLimitStore.ts), shared by every instance of the server:
-- one row per route and client address, counting hits until the window ends.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends timestamptz NOT NULL
);
