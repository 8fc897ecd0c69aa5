import { useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'
import type { Plan } from '../../lib/types.ts'

/** GET /plans/list without a session: the public plans a new company may sign up for. */
export function usePublicPlans(): Plan[] {
  const [plans, setPlans] = useState<Plan[]>([])
  useEffect(() => {
    let live = true
    api<Plan[]>('/plans/list', { auth: false })
      .then((list) => live && setPlans(list ?? []))
      .catch(toastError)
    return () => {
      live = false
    }
  }, [])
  return plans
}
