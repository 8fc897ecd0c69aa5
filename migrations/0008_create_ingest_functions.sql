-- The inbound pipeline's database steps as functions (issue 4): contact, ticket and message in one
-- call, so a delivery costs one round trip instead of a dozen (bench/inbound.ts). They run with the
-- caller's rights inside its tenant transaction, so row-level security still holds them. The rules are
-- written in docs/decisions.md "Channels"; server/domain/contacts/resolve-contact.ts and
-- server/domain/tickets/find-or-create-ticket.ts call the same functions.

-- Names from the channel replace only an empty name or the bare number/LID, never one an attendant typed.
create or replace function app_refresh_contact(c contacts, p_name text, p_picture text) returns contacts
  language plpgsql
  as $$
declare
  given text := nullif(btrim(coalesce(p_name, '')), '');
  rename boolean;
  repicture boolean;
begin
  rename := given is not null and (c.name = '' or c.name = c.number or c.name = c.lid);
  repicture := p_picture is not null and p_picture is distinct from c.url_picture;
  if rename or repicture then
    if rename then c.name := given; end if;
    if repicture then c.url_picture := p_picture; end if;
    update contacts set name = c.name, url_picture = c.url_picture where id = c.id;
  end if;
  return c;
end
$$;

-- Finds or creates the contact behind a peer: by number, then by LID, learning the LID-number pair when
-- both are known. The numbered contact takes the LID from a LID-only duplicate (which keeps its history).
-- A lost race on the unique indexes is retried by reading the winner's row.
create or replace function app_resolve_contact(
  p_company integer, p_whatsapp integer, p_namespace text,
  p_number text, p_lid text, p_name text, p_picture text, p_is_group boolean
) returns contacts
  language plpgsql
  as $$
declare
  v_number text := coalesce(p_number, '');
  v_lid text := nullif(p_lid, '');
  by_number contacts;
  by_lid contacts;
  created contacts;
begin
  if v_number = '' and v_lid is not null then
    select coalesce(m.number, '') into v_number from whatsapp_lid_map m where m.company_id = p_company and m.lid = v_lid;
    v_number := coalesce(v_number, '');
  end if;
  if v_lid is not null and v_number <> '' then
    insert into whatsapp_lid_map (company_id, lid, number) values (p_company, v_lid, v_number)
    on conflict (company_id, lid) do update set number = excluded.number
      where whatsapp_lid_map.number is distinct from excluded.number;
  end if;
  for attempt in 1..3 loop
    by_number := null;
    by_lid := null;
    if v_number <> '' then
      select * into by_number from contacts c
       where c.company_id = p_company and c.channel = p_namespace and c.number = v_number limit 1;
    end if;
    if v_lid is not null then
      select * into by_lid from contacts c where c.company_id = p_company and c.lid = v_lid limit 1;
    end if;
    if by_number.id is not null then
      if v_lid is not null and by_number.lid is distinct from v_lid then
        if by_lid.id is not null and by_lid.id <> by_number.id then
          update contacts set lid = null where id = by_lid.id;
        end if;
        update contacts set lid = v_lid where id = by_number.id;
        by_number.lid := v_lid;
      end if;
      return app_refresh_contact(by_number, p_name, p_picture);
    end if;
    if by_lid.id is not null then
      if v_number <> '' then
        update contacts set number = v_number where id = by_lid.id;
        by_lid.number := v_number;
      end if;
      return app_refresh_contact(by_lid, p_name, p_picture);
    end if;
    insert into contacts (company_id, name, number, lid, channel, is_group, whatsapp_id, url_picture)
    values (p_company, coalesce(nullif(btrim(coalesce(p_name, '')), ''), nullif(v_number, ''), v_lid, ''),
            v_number, v_lid, p_namespace, coalesce(p_is_group, false), p_whatsapp, p_picture)
    on conflict do nothing
    returning * into created;
    if created.id is not null then return created; end if;
  end loop;
  raise exception 'contact % could not be resolved', coalesce(nullif(v_number, ''), v_lid);
end
$$;

-- The live ticket of (contact, connection), reopened within the connection's window or created. The
-- advisory lock serialises deliveries of one pair across processes; each statement after it takes a
-- fresh snapshot, so it sees a ticket the previous holder committed. The partial unique index on live
-- tickets stays as the last line.
create or replace function app_find_or_create_ticket(
  p_company integer, p_whatsapp integer, p_channel text, p_contact integer, p_is_group boolean,
  p_new_status text, p_reopen_minutes integer, p_create boolean, p_now timestamptz,
  out ticket tickets, out created boolean, out reopened boolean
)
  language plpgsql
  as $$
begin
  created := false;
  reopened := false;
  perform pg_advisory_xact_lock(p_contact, p_whatsapp);
  select * into ticket from tickets t
   where t.contact_id = p_contact and t.whatsapp_id = p_whatsapp and t.status in ('open', 'pending', 'group', 'lgpd', 'nps')
   order by t.id desc limit 1;
  if ticket.id is not null then return; end if;
  if p_reopen_minutes > 0 then
    update tickets set status = p_new_status, user_id = null, closed_at = null
     where id = (select t.id from tickets t
                  where t.contact_id = p_contact and t.whatsapp_id = p_whatsapp and t.status = 'closed'
                    and t.closed_at >= p_now - make_interval(mins => p_reopen_minutes)
                  order by t.closed_at desc limit 1)
    returning * into ticket;
    if ticket.id is not null then
      reopened := true;
      return;
    end if;
  end if;
  if not p_create then
    ticket := null;
    return;
  end if;
  insert into tickets (company_id, contact_id, whatsapp_id, channel, status, is_group)
  values (p_company, p_contact, p_whatsapp, p_channel, p_new_status, p_is_group)
  returning * into ticket;
  created := true;
end
$$;

-- One inbound message: dedupe, contact (the group and its author for groups), ticket, message, the
-- ticket's preview and unread count. p is the message as workers/inbound.ts builds it; the answer says
-- what happened and carries the rows for the live events.
create or replace function app_ingest_message(p jsonb) returns jsonb
  language plpgsql
  as $$
declare
  v_company integer := (p->>'companyId')::integer;
  v_whatsapp integer := (p->>'whatsappId')::integer;
  v_wid text := p->>'externalId';
  v_from_me boolean := coalesce((p->>'fromMe')::boolean, false);
  v_media_type text := coalesce(p->>'mediaType', 'text');
  v_group jsonb := p->'group';
  v_peer jsonb := p->'peer';
  v_part jsonb := p->'participant';
  conn record;
  known bigint;
  chat contacts;
  author contacts;
  tk record;
  v_ticket tickets;
  linked bigint;
  msg messages;
  v_unread integer;
  v_preview text;
begin
  select w.allow_group, w.group_as_ticket, w.time_create_new_ticket, w.queue_id_import_messages into conn
    from whatsapps w where w.id = v_whatsapp;
  if not found then return jsonb_build_object('outcome', 'ignored', 'reason', 'connection not found'); end if;
  select m.id into known from messages m where m.whatsapp_id = v_whatsapp and m.wid = v_wid;
  if known is not null then return jsonb_build_object('outcome', 'duplicate', 'messageId', known); end if;
  if v_group is not null and not conn.allow_group then
    return jsonb_build_object('outcome', 'ignored', 'reason', 'group messages are off for this connection');
  end if;

  if v_group is not null then
    chat := app_resolve_contact(v_company, v_whatsapp, p->>'namespace', v_group->>'id', null, v_group->>'name', null, true);
  else
    chat := app_resolve_contact(v_company, v_whatsapp, p->>'namespace', v_peer->>'number', v_peer->>'lid', v_peer->>'name', v_peer->>'pictureUrl', false);
  end if;
  author := chat;
  if v_group is not null and v_part is not null then
    author := app_resolve_contact(v_company, v_whatsapp, p->>'namespace', v_part->>'number', v_part->>'lid', v_part->>'name', v_part->>'pictureUrl', false);
  end if;

  -- Reactions never open a ticket; calls do.
  select * into tk from app_find_or_create_ticket(
    v_company, v_whatsapp, p->>'channel', chat.id, v_group is not null,
    case when v_group is not null and conn.group_as_ticket <> 'enabled' then 'group' else 'pending' end,
    conn.time_create_new_ticket, v_media_type <> 'reactionMessage', (p->>'now')::timestamptz);
  v_ticket := tk.ticket;
  if v_ticket.id is null then return jsonb_build_object('outcome', 'ignored', 'reason', 'no ticket to attach to'); end if;
  -- A ticket opened by a history import is marked, in the import's queue, for the close-imported action.
  if tk.created and coalesce((p->>'imported')::boolean, false) then
    update tickets set imported = (p->>'now')::timestamptz, queue_id = coalesce(conn.queue_id_import_messages, queue_id)
     where id = v_ticket.id
    returning * into v_ticket;
  end if;

  if coalesce(p->>'reactionTo', p->>'quotedExternalId') is not null then
    select m.id into linked from messages m where m.whatsapp_id = v_whatsapp and m.wid = coalesce(p->>'reactionTo', p->>'quotedExternalId');
  end if;
  insert into messages (company_id, wid, ticket_id, contact_id, whatsapp_id, body, from_me, media_type, media_url, media_path,
                        media_name, ack, quoted_msg_id, participant, remote_jid, v_card, data_json, created_at)
  values (v_company, v_wid, v_ticket.id, author.id, v_whatsapp, coalesce(p->>'body', ''), v_from_me, v_media_type,
          p->>'mediaUrl', p->>'mediaPath', p->>'mediaName',
          -- What the phone sent itself is already on WhatsApp's servers.
          case when v_from_me then 1 else 0 end,
          linked, coalesce(v_part->>'number', v_part->>'lid'),
          coalesce(v_group->>'id', v_peer->>'number', v_peer->>'lid'), p->>'vCard',
          case when p ? 'reactionTo' or p ? 'raw' then jsonb_strip_nulls(jsonb_build_object('reactionTo', p->'reactionTo', 'raw', p->'raw')) end,
          coalesce((p->>'timestamp')::timestamptz, now()))
  on conflict (whatsapp_id, wid) where wid is not null do nothing
  returning * into msg;
  if msg.id is null then
    select m.id into known from messages m where m.whatsapp_id = v_whatsapp and m.wid = v_wid;
    return jsonb_build_object('outcome', 'duplicate', 'messageId', known);
  end if;

  v_unread := v_ticket.unread_messages;
  if v_media_type <> 'reactionMessage' then
    v_preview := left(coalesce(nullif(msg.body, ''), p->>'mediaName', v_media_type), 255);
    update tickets set last_message = v_preview, from_me = v_from_me,
                       unread_messages = case when v_from_me then 0
                                              when coalesce((p->>'imported')::boolean, false) then unread_messages
                                              else unread_messages + 1 end
     where id = v_ticket.id
    returning unread_messages into v_unread;
  end if;

  return jsonb_build_object(
    'outcome', 'stored',
    'created', tk.created,
    'message', jsonb_build_object('id', msg.id, 'wid', msg.wid, 'ticketId', msg.ticket_id, 'contactId', msg.contact_id,
      'body', msg.body, 'fromMe', msg.from_me, 'mediaType', msg.media_type, 'mediaUrl', msg.media_url, 'ack', msg.ack,
      'createdAt', msg.created_at),
    'ticket', jsonb_build_object('id', v_ticket.id, 'uuid', v_ticket.uuid, 'status', v_ticket.status,
      'userId', v_ticket.user_id, 'queueId', v_ticket.queue_id, 'contactId', v_ticket.contact_id,
      'whatsappId', v_ticket.whatsapp_id, 'isGroup', v_ticket.is_group, 'unreadMessages', v_unread),
    'contact', jsonb_build_object('id', chat.id, 'name', chat.name, 'number', chat.number, 'lid', chat.lid,
      'urlPicture', chat.url_picture, 'isGroup', chat.is_group));
end
$$;
