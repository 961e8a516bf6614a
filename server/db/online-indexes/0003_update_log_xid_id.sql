-- 0003_update_log_xid_id.sql: the customer API's feed of changes (GET /v1/updates) reads the update log in the order
-- of (writing transaction, id), from a cursor and below the oldest running transaction
-- (`xid < pg_snapshot_xmin(…) and (xid, id) > (…) order by xid, id limit n`): one range of this index.
CREATE INDEX CONCURRENTLY IF NOT EXISTS update_log_xid_id_idx ON update_log (xid, id);
