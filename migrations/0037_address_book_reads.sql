-- Issue 15 item 16: the phone's address book is read only when an import asks for it. The channel host
-- keeps what the phone reports in memory; POST /contacts/import (or /import/chats) records a request per
-- WhatsApp connection here and a 'session' job; the worker holding the session writes the book into
-- channel_address_book and sets read_at; the import then turns it into contacts and deletes both the
-- rows and the request. Books stored before this rule, never asked for, go now.
create table address_book_reads (
  whatsapp_id integer primary key references whatsapps(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  requested_at timestamptz not null,
  read_at timestamptz
);
create index address_book_reads_company_idx on address_book_reads (company_id);
select app_enable_tenancy('address_book_reads');
delete from channel_address_book;
