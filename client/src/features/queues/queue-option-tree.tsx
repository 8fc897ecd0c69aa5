import { useTranslation } from 'react-i18next'
import { MAX_OPTIONS_PER_LEVEL, addOption, moveOption, removeOption, updateOption, type ChatbotOptionValues, type OptionPath } from './chatbot-options.ts'
import type { Option } from './queues.ts'
import type { IntegrationChoice } from '../integration-options/index.ts'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { QueueOptionCard, type OptionEdits } from './queue-option-card.tsx'

interface LevelProps {
  level: ChatbotOptionValues[]
  parent: OptionPath
  edits: OptionEdits
  problems: Record<string, string>
  queues: Option[]
  users: Option[]
  integrations: IntegrationChoice[]
}

/** One menu level: its options in order, each with its own next level below it. */
function OptionLevel({ level, parent, ...rest }: LevelProps) {
  if (level.length === 0) return null
  return (
    <ol className={`flex flex-col gap-3 ${parent.length ? 'border-l-2 border-brand/30 pl-3' : ''}`}>
      {level.map((option, i) => {
        const path = [...parent, i]
        return (
          <QueueOptionCard key={option.key} option={option} path={path} siblings={level.length} {...rest}>
            <OptionLevel level={option.options} parent={path} {...rest} />
          </QueueOptionCard>
        )
      })}
    </ol>
  )
}

interface QueueOptionTreeProps {
  options: ChatbotOptionValues[]
  onChange: (tree: ChatbotOptionValues[]) => void
  problems: Record<string, string>
  queues: Option[]
  users: Option[]
  integrations: IntegrationChoice[]
}

/** The queue's chatbot menu (spec part 2 §2, §3): options with nested levels, saved whole with the queue. */
export function QueueOptionTree({ options, onChange, problems, queues, users, integrations }: QueueOptionTreeProps) {
  const { t } = useTranslation()
  const edits: OptionEdits = {
    update: (path, patch) => onChange(updateOption(options, path, patch)),
    add: (parent) => onChange(addOption(options, parent)),
    remove: (path) => onChange(removeOption(options, path)),
    move: (path, delta) => onChange(moveOption(options, path, delta)),
  }
  const treeError = problems.chatbots ? t(problems.chatbots) : undefined
  return (
    <section aria-labelledby="queue-options-title" className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <div>
        <h3 id="queue-options-title" className="text-base font-semibold">{t('queues.options.title')}</h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('queues.options.hint')}</p>
      </div>
      {options.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">{t('queues.options.empty')}</p>}
      {treeError && <p className="text-xs text-red-600 dark:text-red-400">{treeError}</p>}
      <OptionLevel level={options} parent={[]} edits={edits} problems={problems} queues={queues} users={users} integrations={integrations} />
      <div>
        <Button variant="secondary" onClick={() => edits.add([])} disabled={options.length >= MAX_OPTIONS_PER_LEVEL}>
          <Icon name="add" className="size-5" />
          {t('queues.options.add')}
        </Button>
      </div>
    </section>
  )
}
