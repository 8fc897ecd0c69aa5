-- Issue 19: an invoice for the checkout's custom plan; paying it gives the company a private plan with
-- those counts (limits are read from the company's plan).
alter table invoices add column custom_plan boolean not null default false;
