-- Issue 22 (n8n and webhook runtime): every integration gets the secret its POSTs are signed with
-- (HMAC-SHA256 of the body). gen_random_uuid draws from the server's strong random source: two of them
-- give 64 hex digits. The column is never synced (queue_integrations has no shape) and only the
-- integration's own GET answers it, to its company's admins.
alter table queue_integrations
  add column signing_secret text not null
    default replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
