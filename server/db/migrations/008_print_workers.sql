-- Print-worker pools (server/print/printJobs.ts) and when each last said it is alive: a print job
-- still locked by a worker that has gone quiet (its process was killed) is handed to another.
CREATE TABLE print_workers (
  worker_id text PRIMARY KEY,
  pid integer NOT NULL,
  host text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
