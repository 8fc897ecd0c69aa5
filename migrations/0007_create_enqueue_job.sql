-- Tenant requests may enqueue work (a send, a session command) but never read or change the queue:
-- jobs stays revoked from the application role, and this function is the one door into it.
create or replace function app_enqueue_job(p_queue text, p_payload jsonb, p_company_id integer, p_key text, p_run_at timestamptz default now())
  returns bigint
  language plpgsql
  security definer
  set search_path = public
  as $$
declare
  new_id bigint;
begin
  -- A company can only enqueue for itself; system scope (workers, super-user actions) for anyone.
  if not app_tenant_ok(p_company_id) then
    raise exception 'app_enqueue_job: company % is outside the current scope', p_company_id using errcode = '42501';
  end if;
  insert into jobs (queue, payload, company_id, idempotency_key, run_at)
  values (p_queue, p_payload, p_company_id, p_key, p_run_at)
  on conflict (idempotency_key) do nothing
  returning id into new_id;
  -- Workers in other processes wake at once instead of at their next poll.
  perform pg_notify('balcao_jobs', p_queue);
  return new_id;
end
$$;
