-- Issue 22 (Typebot runtime): the ticket's Typebot chat session and when it last moved (typebotExpires counts
-- from there). The session id is the Typebot server's key to the conversation: never synced (sync/shapes.ts).
alter table tickets
  add column typebot_session_id text,
  add column typebot_session_at timestamptz;
