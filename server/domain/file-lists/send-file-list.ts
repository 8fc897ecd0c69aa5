import type { RoutingCtx } from '../routing/routing-context.ts'
import { sendSystemMedia, sendSystemMessage, type RunState } from '../routing/routing-effects.ts'

/**
 * A file list reached by a chatbot option or a queue (spec part 2 §3 "File list"): its message, then each
 * option's file as media with the option's name as caption, through the outbound queue in order. Options
 * without a file are skipped; another company's or a deleted list sends nothing. Files are shared with the
 * list (namedFiles keeps them while a message or the list names them).
 */
export async function sendFileList(ctx: RoutingCtx, state: RunState, fileListId: number): Promise<boolean> {
  const [list] = await ctx.tx<{ message: string; options: { name: string; path: string; mediaType: string }[] }[]>`
    select f.message,
           coalesce((select json_agg(json_build_object('name', o.name, 'path', o.path, 'mediaType', o.media_type) order by o.id)
                       from file_options o where o.file_id = f.id and o.path <> ''), '[]') as options
      from files f where f.id = ${fileListId} and f.company_id = ${state.companyId}`
  if (!list) return false
  await sendSystemMessage(ctx, state, list.message)
  for (const option of list.options) {
    await sendSystemMedia(ctx, state, { fileName: option.path, originalName: option.name || option.path, mediaType: option.mediaType || 'application', caption: option.name })
  }
  return true
}
