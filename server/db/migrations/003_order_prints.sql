-- The print master of an order: status goes 'new' → 'printing' → 'ready' (print_file names the JPEG
-- under <dataDir>/prints) or 'failed' (print_error holds the print error code).
ALTER TABLE orders ADD COLUMN print_error text;
ALTER TABLE orders ADD COLUMN print_updated_at timestamptz;
