-- Issue 20: the campaign dispatcher. A shipping row is dispatched once: the job that dispatches it stores
-- the queued message's id in the same transaction (message_id, or confirmation_message_id for the
-- confirmation question), so a retried job sees the row done and sends nothing. delivered_at and
-- confirmation_requested_at are set when the channel accepted the send; failed_at when it refused for good.
alter table campaign_shipping
  add column ticket_id integer references tickets(id) on delete set null,
  add column message_id bigint,
  add column confirmation_message_id bigint,
  add column planned_at timestamptz,
  add column failed_at timestamptz,
  add column send_error text;
create index campaign_shipping_campaign_idx on campaign_shipping (campaign_id, id);
-- A contact's reply looks up the confirmation questions waiting for it.
create index campaign_shipping_awaiting_reply_idx on campaign_shipping (contact_id)
  where confirmation_requested_at is not null and confirmed_at is null;
-- The rows a campaign still has to send: the last one sent finishes it (an index probe, not a scan).
create index campaign_shipping_pending_idx on campaign_shipping (campaign_id)
  where delivered_at is null and confirmation_requested_at is null and failed_at is null;

-- Campaign send jobs from a tenant request (restart) or a worker (start), in bulk: jobs has no
-- row-level security, so tenants write it only through functions that check the company (as app_enqueue_job).
create or replace function app_enqueue_campaign_jobs(p_company_id integer, p_campaign_id integer, p_step text,
  p_shipping_ids integer[], p_run_at timestamptz[], p_keys text[])
  returns integer
  language plpgsql
  security definer
  set search_path = public
  as $$
declare
  added integer;
begin
  if not app_tenant_ok(p_company_id) then
    raise exception 'app_enqueue_campaign_jobs: company % is outside the current scope', p_company_id using errcode = '42501';
  end if;
  insert into jobs (company_id, queue, payload, run_at, idempotency_key)
  select p_company_id, 'campaign', jsonb_build_object('campaignId', p_campaign_id, 'shippingId', s.id, 'step', p_step), s.at, s.key
    from unnest(p_shipping_ids, p_run_at, p_keys) as s(id, at, key)
  on conflict (idempotency_key) do nothing;
  get diagnostics added = row_count;
  perform pg_notify('balcao_jobs', 'campaign');
  return added;
end
$$;

-- A cancelled or deleted campaign's sends not yet made.
create or replace function app_drop_campaign_jobs(p_company_id integer, p_campaign_id integer)
  returns integer
  language plpgsql
  security definer
  set search_path = public
  as $$
declare
  dropped integer;
begin
  if not app_tenant_ok(p_company_id) then
    raise exception 'app_drop_campaign_jobs: company % is outside the current scope', p_company_id using errcode = '42501';
  end if;
  delete from jobs where queue = 'campaign' and company_id = p_company_id and done_at is null
     and (payload->>'campaignId')::int = p_campaign_id;
  get diagnostics dropped = row_count;
  return dropped;
end
$$;
