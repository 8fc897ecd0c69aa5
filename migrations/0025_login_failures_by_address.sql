-- Login throttling by client address and by (address, account) with backoff instead of locking an
-- account for everyone (issue 16 item 7): each failure remembers where it came from.
alter table login_failures add column client_address text not null default '';
create index login_failures_address_idx on login_failures (client_address, failed_at);
create index login_failures_pair_idx on login_failures (client_address, lower(email), failed_at);
