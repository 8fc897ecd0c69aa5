import type { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { auth } from './auth.ts'
import { companies, companiesPlan } from './companies.ts'
import { invoices } from './invoices.ts'
import { subscription } from './subscription.ts'
import { plans } from './plans.ts'
import { users } from './users.ts'
import { tickets, ticketsLog } from './tickets.ts'
import { ticketTags } from './ticket-tags.ts'
import { announcements } from './announcements.ts'
import { companySettings } from './company-settings.ts'
import { helps } from './helps.ts'
import { media } from './media.ts'
import { settings } from './settings.ts'
import { version } from './version.ts'
import { appManifestRoute } from './app-manifest.ts'
import { apiMessages } from './api-messages.ts'
import { simulator } from './simulator.ts'
import { ticketNotes } from './ticket-notes.ts'
import { quickMessages } from './quick-messages.ts'
import { queues } from './queues.ts'
import { chatbots } from './chatbots.ts'
import { schedules } from './schedules.ts'
import { messageForward, messages, messagesAllMe } from './messages.ts'
import { whatsapp } from './whatsapp.ts'
import { whatsappSession } from './whatsapp-session.ts'
import { webhooks } from './webhooks.ts'
import { facebook } from './facebook.ts'
import { contacts } from './contacts.ts'
import { chats } from './chats.ts'
import { tags, tagsContacts } from './tags.ts'
import { dashboard, usersMoments } from './dashboard.ts'
import { ticketReportRoutes } from './ticket-report.ts'
import { campaigns } from './campaigns.ts'
import { campaignSettings } from './campaign-settings.ts'
import { contactLists } from './contact-lists.ts'
import { contactListItems } from './contact-list-items.ts'
import { flowbuilder } from './flowbuilder.ts'
import { flowcampaign } from './flowcampaign.ts'
import { queueIntegrations } from './queue-integrations.ts'
import { files } from './files.ts'
import { autoReplies } from './auto-replies.ts'
import { prompts } from './prompts.ts'
import { shapeRoute } from '../../sync/server/shape-route.ts'

/** Every resource router, at the paths the spec writes. */
export function mountRoutes(app: Hono<AppEnv>) {
  app.route('/auth', auth)
  app.route('/version', version)
  app.route('/', appManifestRoute)
  app.route('/users', users)
  app.route('/tickets', tickets)
  app.route('/tickets-log', ticketsLog)
  app.route('/ticket-tags', ticketTags)
  app.route('/companies', companies)
  app.route('/companiesPlan', companiesPlan)
  app.route('/plans', plans)
  app.route('/invoices', invoices)
  app.route('/subscription', subscription)
  // settings and companySettings spread over several prefixes: their routes carry full paths and own guards.
  app.route('/', settings)
  app.route('/', companySettings)
  app.route('/helps', helps)
  app.route('/announcements', announcements)
  app.route('/media', media)
  app.route('/whatsapp', whatsapp)
  app.route('/', whatsappSession)
  app.route('/webhooks', webhooks)
  app.route('/facebook', facebook)
  app.route('/v1/shape', shapeRoute)
  app.route('/api/messages', apiMessages)
  app.route('/simulator', simulator)
  app.route('/ticket-notes', ticketNotes)
  app.route('/quick-messages', quickMessages)
  app.route('/queue', queues)
  app.route('/chatbot', chatbots)
  app.route('/queueIntegration', queueIntegrations)
  app.route('/files', files)
  app.route('/auto-replies', autoReplies)
  app.route('/prompt', prompts)
  app.route('/schedules', schedules)
  app.route('/messages', messages)
  app.route('/messages-allMe', messagesAllMe)
  app.route('/message', messageForward)
  app.route('/chats', chats)
  app.route('/tags', tags)
  app.route('/tags-contacts', tagsContacts)
  app.route('/dashboard', dashboard)
  app.route('/usersMoments', usersMoments)
  app.route('/ticketreport', ticketReportRoutes)
  app.route('/campaigns', campaigns)
  app.route('/campaign-settings', campaignSettings)
  app.route('/contact-lists', contactLists)
  app.route('/contact-list-items', contactListItems)
  app.route('/flowbuilder', flowbuilder)
  app.route('/flowcampaign', flowcampaign)
  app.route('/', contacts)
}
