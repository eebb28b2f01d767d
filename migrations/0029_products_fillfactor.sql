-- Room on every page of products for the order path's stock update to be a HOT update (docs/decisions/021).
-- products has 21 indexes (three GIN); an update that cannot stay on its page writes an entry into each of
-- them. The stock update changes no indexed column, so it stays on the page whenever the page has room; with
-- the default fillfactor (100) a seeded or imported catalog leaves none. Pages written from now on keep 20 %
-- free; an existing catalog gets it when rewritten (`VACUUM FULL products`, docs/database.md).
ALTER TABLE "products" SET (fillfactor = 80);
