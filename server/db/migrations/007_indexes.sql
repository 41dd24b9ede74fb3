-- Indexes the busy calls need (server/db/queryPlans.test.ts proves each statement can use one).
-- The cart's newest order of a collage, and the cascade when a collage is deleted.
CREATE INDEX orders_collage ON orders (collage_id, id);
-- A user's orders when the account is deleted (the cascade), and the owner checks of the cart.
CREATE INDEX orders_user ON orders (user_id);
-- The foreign-key check when a photo is deleted: which collages still link it.
CREATE INDEX collage_photos_photo ON collage_photos (photo_id);
-- The sessions of a user when the account is deleted (the cascade).
CREATE INDEX sessions_user ON sessions (user_id);
