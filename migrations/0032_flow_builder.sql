-- Issue 21: the flow builder. A queue integration of type flowbuilder names the flow it starts.
alter table queue_integrations
  add column flow_id integer references flows(id) on delete set null;

-- Active phrase campaigns are read on inbound messages of tickets no attendant holds.
create index flow_campaigns_active_idx on flow_campaigns (company_id) where status;

-- A connection that disconnects ends the flows running on it (one probe, not a scan of its tickets).
create index tickets_flow_running_idx on tickets (whatsapp_id) where flow_webhook;

-- Flow names are unique in a company, compared in lowercase (the API checks first; this settles a race).
drop index flows_company_idx;
create unique index flows_company_name_key on flows (company_id, lower(name));
