-- A message and its routing step share a transaction (workers/inbound/ingest-batcher.ts): the message's
-- ticket preview (last message, from me, the unread count) was written by its own update, then the step
-- updated the same ticket again for its replies and the flow run's state: two new versions of a wide,
-- 13-index row, each with its change-log entry, for every inbound a bot answers (issue 21, bench/flows.ts).
-- With `deferPreview` in the payload the preview is not written here but answered as `preview`
-- ({lastMessage, fromMe, unread: 'add' | 'clear' | 'keep'}), and the routing step writes it with its
-- first ticket update (server/domain/routing/routing-effects.ts), or alone at its end when it has none.
-- Without the key nothing changes.

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
  v_unread_change text;
  v_deferred jsonb;
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
          -- Causal order (docs/decisions.md "Message order"): never before the newest message of the
          -- ticket, so a message is listed after everything that was in the conversation when it arrived,
          -- whatever clock the channel stamped it with. Imported history keeps the channel's time.
          case when coalesce((p->>'imported')::boolean, false) then coalesce((p->>'timestamp')::timestamptz, now())
               else greatest(coalesce((p->>'timestamp')::timestamptz, now()),
                             (select max(m.created_at) from messages m where m.ticket_id = v_ticket.id)) end)
  on conflict (whatsapp_id, wid) where wid is not null do nothing
  returning * into msg;
  if msg.id is null then
    select m.id into known from messages m where m.whatsapp_id = v_whatsapp and m.wid = v_wid;
    return jsonb_build_object('outcome', 'duplicate', 'messageId', known);
  end if;

  v_unread := v_ticket.unread_messages;
  if v_media_type <> 'reactionMessage' then
    v_preview := left(coalesce(nullif(msg.body, ''), p->>'mediaName', v_media_type), 255);
    v_unread_change := case when v_from_me then 'clear'
                            when coalesce((p->>'imported')::boolean, false) then 'keep'
                            else 'add' end;
    if coalesce((p->>'deferPreview')::boolean, false) then
      -- The routing step after it, in this transaction, writes the preview with its own ticket update.
      v_deferred := jsonb_build_object('lastMessage', v_preview, 'fromMe', v_from_me, 'unread', v_unread_change);
      v_unread := case v_unread_change when 'clear' then 0 when 'add' then v_unread + 1 else v_unread end;
    else
      update tickets set last_message = v_preview, from_me = v_from_me,
                         unread_messages = case v_unread_change when 'clear' then 0 when 'add' then unread_messages + 1
                                                else unread_messages end
       where id = v_ticket.id
      returning unread_messages into v_unread;
    end if;
  end if;

  return jsonb_build_object(
    'outcome', 'stored',
    'preview', v_deferred,
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
