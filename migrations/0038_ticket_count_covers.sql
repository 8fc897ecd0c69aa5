-- The tickets report counts every ticket its filters match before it reads a page (issue 18,
-- bench/dashboard.ts: the closed tickets of a year, 75,000 of 100,000). A caller without allowGroup
-- adds `is_group = false` to that count, and is_group was not in the status index, so the count read
-- every ticket's row (a parallel scan, 40 ms) where the index alone answers (an index-only scan, 12-18
-- ms). is_group is carried, not keyed: the entry stays 24 bytes (the boolean fits the padding), and it
-- is already in another index of tickets, so no update that was HOT stops being HOT. user_id and
-- queue_id (a plain user's share) were left out: they widen every entry, and the inbound bench lost
-- 7-10% to it (each inbound message writes a new entry into every index of its ticket).
drop index if exists tickets_company_status_idx;
create index tickets_company_status_idx on tickets (company_id, status) include (is_group);
