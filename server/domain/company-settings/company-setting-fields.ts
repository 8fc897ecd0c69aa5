/** How a setting's value is checked and stored: enabled/disabled, true/false, free text, or one of a list. */
export type CompanySettingKind = 'toggle' | 'text' | 'bool' | 'scheduleType' | 'chatBotType'
export interface CompanySettingField {
  column: string
  kind: CompanySettingKind
}

/**
 * The company settings (spec part 2 §3), key as the API names it → column. Several keys do not follow
 * camelCase (enableLGPD, AcceptCallWhatsappMessage, DirectTicketsToWallets), hence the explicit table.
 * Free of server imports: the PWA's settings page reads the same table.
 */
export const COMPANY_SETTING_FIELDS = {
  userRating: { column: 'user_rating', kind: 'toggle' },
  scheduleType: { column: 'schedule_type', kind: 'scheduleType' },
  sendGreetingAccepted: { column: 'send_greeting_accepted', kind: 'toggle' },
  userRandom: { column: 'user_random', kind: 'toggle' },
  sendMsgTransfTicket: { column: 'send_msg_transf_ticket', kind: 'toggle' },
  chatBotType: { column: 'chat_bot_type', kind: 'chatBotType' },
  acceptCallWhatsapp: { column: 'accept_call_whatsapp', kind: 'toggle' },
  sendSignMessage: { column: 'send_sign_message', kind: 'toggle' },
  sendGreetingMessageOneQueues: { column: 'send_greeting_message_one_queues', kind: 'toggle' },
  sendQueuePosition: { column: 'send_queue_position', kind: 'toggle' },
  sendFarewellWaitingTicket: { column: 'send_farewell_waiting_ticket', kind: 'toggle' },
  askFarewellMessage: { column: 'ask_farewell_message', kind: 'toggle' },
  acceptAudioMessageContact: { column: 'accept_audio_message_contact', kind: 'toggle' },
  enableLGPD: { column: 'enable_lgpd', kind: 'toggle' },
  requiredTag: { column: 'required_tag', kind: 'toggle' },
  closeTicketOnTransfer: { column: 'close_ticket_on_transfer', kind: 'bool' },
  showNotificationPending: { column: 'show_notification_pending', kind: 'bool' },
  lgpdMessage: { column: 'lgpd_message', kind: 'text' },
  lgpdLink: { column: 'lgpd_link', kind: 'text' },
  lgpdDeleteMessage: { column: 'lgpd_delete_message', kind: 'toggle' },
  lgpdConsent: { column: 'lgpd_consent', kind: 'toggle' },
  lgpdHideNumber: { column: 'lgpd_hide_number', kind: 'toggle' },
  transferMessage: { column: 'transfer_message', kind: 'text' },
  greetingAcceptedMessage: { column: 'greeting_accepted_message', kind: 'text' },
  AcceptCallWhatsappMessage: { column: 'accept_call_whatsapp_message', kind: 'text' },
  sendQueuePositionMessage: { column: 'send_queue_position_message', kind: 'text' },
  DirectTicketsToWallets: { column: 'direct_tickets_to_wallets', kind: 'bool' },
  campaignsEnabled: { column: 'campaigns_enabled', kind: 'bool' },
  // Issue 22: the keyword auto-replies' switches, per company (migration 0036).
  autoReply: { column: 'auto_reply', kind: 'toggle' },
  autoReplyNotRecognizedMessage: { column: 'auto_reply_not_recognized_message', kind: 'text' },
  autoReplyShowKeywords: { column: 'auto_reply_show_keywords', kind: 'toggle' },
} as const satisfies Record<string, CompanySettingField>
