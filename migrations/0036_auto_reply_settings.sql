-- Issue 22 (auto-replies): the switches of a company's keyword auto-replies live with the company's other
-- settings, as its auto-replies do. The global keys autoReply, autoReplyNotRecognizedMessage and
-- autoReplyShowKeywords (settings) stay readable but no longer decide anything (docs/decisions.md).
alter table company_settings
  add column auto_reply text not null default 'disabled' check (auto_reply in ('enabled', 'disabled')),
  add column auto_reply_not_recognized_message text not null default '',
  add column auto_reply_show_keywords text not null default 'disabled' check (auto_reply_show_keywords in ('enabled', 'disabled'));
