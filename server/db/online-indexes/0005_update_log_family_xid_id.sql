-- 0005_update_log_family_xid_id.sql: the same feed for one family of feed codes (GET /v1/updates?code=INSEE, BODACC or
-- RNE: the part of the code before its first `-`): one range of this expression index.
CREATE INDEX CONCURRENTLY IF NOT EXISTS update_log_family_xid_id_idx ON update_log (split_part(code, '-', 1), xid, id);
