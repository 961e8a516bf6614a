-- 0002_bodacc_transactions_seller_sirens.sql: the legal-announcement transactions page searches a whole SIREN
-- among every seller of a sale too (POST /api/transactions/filterbodacc, `t.siren = $1 or t.seller_sirens @>
-- array[$1]`): a BitmapOr of this GIN index and bodacc_transactions_siren_idx, then the page's few rows by id.
CREATE INDEX CONCURRENTLY IF NOT EXISTS bodacc_transactions_seller_sirens_idx ON bodacc_transactions USING gin (seller_sirens);
