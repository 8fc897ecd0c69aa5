import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/** A phrase campaign as the API answers it (issue 21 API contract; spec part 2 §3 "Phrase campaign"). */
export interface PhraseCampaign {
  id: number
  name: string
  flowId: number
  flowName: string
  whatsappId: number | null
  whatsappName: string | null
  phrase: string
  status: boolean
  createdAt: Date
  updatedAt: Date
}

/** The company's phrase campaigns by name, or the one with `id`. */
export async function selectPhraseCampaigns(tx: Queryable, companyId: number, id?: number): Promise<PhraseCampaign[]> {
  return tx<PhraseCampaign[]>`
    select k.id, k.name, k.flow_id, f.name as flow_name, k.whatsapp_id, w.name as whatsapp_name, k.phrase, k.status,
           k.created_at, k.updated_at
      from flow_campaigns k
      join flows f on f.id = k.flow_id
      left join whatsapps w on w.id = k.whatsapp_id
     where k.company_id = ${companyId} ${id === undefined ? tx`` : tx`and k.id = ${id}`}
     order by lower(k.name), k.id`
}

export async function loadPhraseCampaign(tx: Queryable, companyId: number, id: number): Promise<PhraseCampaign> {
  const [row] = await selectPhraseCampaigns(tx, companyId, id)
  if (!row) throw new AppError('ERR_NOT_FOUND', `No phrase campaign ${id}`)
  return row
}
