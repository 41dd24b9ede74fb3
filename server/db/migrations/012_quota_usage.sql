-- What each customer added in the last hour, for the per-hour quotas of uploads and saves (issue 26,
-- server/db/quotas.ts): one row per upload (a photo, its original's bytes) or save (a new collage
-- or not, the document's bytes). An upload's row is written before its body is read, holding the
-- most that body can add, then set to what was stored, or deleted when nothing was. Rows older than
-- an hour count for nothing; the expired-rows schedule deletes them.
CREATE TABLE quota_usage (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  items integer NOT NULL,
  bytes bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quota_usage_user ON quota_usage (user_id, kind, at);
CREATE INDEX quota_usage_at ON quota_usage (at);
-- An order's turn in the print queue: how many of the customer's orders were waiting for their print
-- when it was placed. Queues print the lowest turn first, then the oldest: every customer's first
-- waiting order before anyone's second (server/print/localOrderQueue.ts, printJobs.ts' priority).
ALTER TABLE orders ADD COLUMN print_turn integer NOT NULL DEFAULT 0;
-- Orders waiting for their print: the customer's count (ORDERS_PRINTING_PER_CUSTOMER), and the
-- embedded database's print queue in its order.
CREATE INDEX orders_waiting ON orders (user_id, id) WHERE status IN ('new', 'printing');
CREATE INDEX orders_queue ON orders (print_turn, id) WHERE status IN ('new', 'printing');
