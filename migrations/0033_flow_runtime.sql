-- Issue 21 (flow runtime): what ends a flow run, whichever code path does it. A ticket that closes (or
-- waits for its rating) or that an attendant holds loses its run; so do the tickets of a connection
-- that disconnects. The ticket keeps flow_id (the flow it ran: flowIdNotPhrase starts once).
create or replace function app_end_flow_run() returns trigger
  language plpgsql
  as $$
begin
  new.flow_webhook := false;
  new.last_flow_id := null;
  new.hash_flow_id := null;
  new.data_webhook := null;
  return new;
end
$$;

create trigger end_flow_run before update of status, user_id on tickets for each row
  when (new.flow_webhook and (new.status in ('closed', 'nps') or new.user_id is not null))
  execute function app_end_flow_run();

create or replace function app_end_connection_flows() returns trigger
  language plpgsql
  as $$
begin
  -- tickets_flow_running_idx (0032): one probe for the connection's running flows.
  update tickets set flow_webhook = false, last_flow_id = null, hash_flow_id = null, data_webhook = null
   where whatsapp_id = new.id and flow_webhook;
  return null;
end
$$;

create trigger end_connection_flows after update of status on whatsapps for each row
  when (new.status = 'DISCONNECTED' and old.status is distinct from 'DISCONNECTED')
  execute function app_end_connection_flows();
