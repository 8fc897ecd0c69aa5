-- A name search's count for an attendant who sees only their own and unowned tickets (GET /tickets
-- without an allowed showAll; issue 5, bench/tickets.ts). The count walked the company's tickets newest
-- first until 1,000 matches: with a tenth of them visible it read nearly all (11 ms of a 14 ms request
-- at 100k tickets, growing with the company). It now reads the attendant's own tickets and the unowned
-- ones as two ranges of this index, checking visibility and the name in the index itself (3.7 ms).
-- The index it replaces had the same key, so lookups by user keep their plan.
drop index if exists tickets_company_user_idx;
create index tickets_company_user_idx on tickets (company_id, user_id, status)
  include (queue_id, is_group, contact_name_folded, contact_number);
