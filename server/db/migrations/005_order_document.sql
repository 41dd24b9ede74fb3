-- The SHA-256 of the collage document an order was placed with (its screenshot cut out): ordering the
-- same unchanged collage again finds its open order instead of making a second one.
ALTER TABLE orders ADD COLUMN document_sha256 text;
