-- 0001_bodacc_transactions_seller_siren.sql: the legal-announcement transactions page searches a whole SIREN
-- among the sellers too (POST /api/transactions/filterbodacc, `t.siren = $1 or t.seller_siren = $1`): a
-- BitmapOr of this index and bodacc_transactions_siren_idx, then the page's few rows sorted by id.
CREATE INDEX CONCURRENTLY IF NOT EXISTS bodacc_transactions_seller_siren_idx ON bodacc_transactions (seller_siren, id);
