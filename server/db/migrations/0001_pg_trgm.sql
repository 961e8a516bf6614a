-- Trigram indexes for free-text search (update log descriptions, later news and deals).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
