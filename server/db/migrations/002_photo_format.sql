-- The original's format: JPEG always, PNG only when the shop allows it. The web version is always JPEG.
ALTER TABLE photos ADD COLUMN format text NOT NULL DEFAULT 'jpeg';
