-- 0004_update_log_siren_xid_id.sql: the same feed for one SIREN (GET /v1/updates?siren=): one range of this index.
CREATE INDEX CONCURRENTLY IF NOT EXISTS update_log_siren_xid_id_idx ON update_log (siren, xid, id);
