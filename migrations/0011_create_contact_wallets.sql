-- Wallets (company setting DirectTicketsToWallets; anchor §3.3 MF ContactWallet): the attendant who
-- owns a contact, and the queue the contact's tickets go to. One owner per contact. A new conversation
-- of a contact with a wallet goes straight to that user (server/domain/routing/wallet.ts).
create table contact_wallets (
  company_id integer not null references companies(id) on delete cascade,
  contact_id integer primary key references contacts(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  queue_id integer references queues(id) on delete set null,
  created_at timestamptz not null default now()
);
create index contact_wallets_user_idx on contact_wallets (user_id);
select app_enable_tenancy('contact_wallets');
