-- What an order was placed with, kept on the order (issue 26: the shop never shows one thing and
-- prints another): the document (its screenshot cut out: the text document_sha256 digests) and the
-- photos it shows. The print and the cart read these, never the collage, which the customer may
-- change and save again before the print has run, or before it is run again. The photos' bytes are
-- shared by their sha256, so a snapshot stores no photo twice.
ALTER TABLE orders ADD COLUMN collage_xml text;
CREATE TABLE order_photos (
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  photo_id bigint NOT NULL REFERENCES photos(id),
  PRIMARY KEY (order_id, photo_id)
);
-- A photo an order shows, printed or not, cannot be deleted (a shop reprints): the foreign key above
-- refuses it, and this index is what that check reads.
CREATE INDEX order_photos_photo ON order_photos (photo_id);
-- Older orders whose collage is still exactly the document they were placed with get it now, with
-- its photos (the save links exactly the document's photos). The others keep no snapshot and print
-- from their collage, as they always did: what they were placed with is no longer known.
UPDATE orders o SET collage_xml = c.collage_xml FROM collages c
WHERE c.id = o.collage_id AND o.document_sha256 = encode(sha256(convert_to(c.collage_xml, 'UTF8')), 'hex');
INSERT INTO order_photos (order_id, photo_id)
SELECT o.id, cp.photo_id FROM orders o JOIN collage_photos cp ON cp.collage_id = o.collage_id
WHERE o.collage_xml IS NOT NULL;
