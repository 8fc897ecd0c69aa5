/**
 * The checkout's custom plan (issue 19; spec part 2 §5 "A custom plan cannot go below 3 users and 3
 * connections"): 49 for the first 3 users and 3 connections, 11 per extra user, 20 per extra connection.
 */
export const CUSTOM_PLAN = { base: 49, minUsers: 3, minConnections: 3, perUser: 11, perConnection: 20 } as const

export function customPlanPrice(users: number, connections: number): number {
  const extraUsers = Math.max(0, users - CUSTOM_PLAN.minUsers)
  const extraConnections = Math.max(0, connections - CUSTOM_PLAN.minConnections)
  return CUSTOM_PLAN.base + extraUsers * CUSTOM_PLAN.perUser + extraConnections * CUSTOM_PLAN.perConnection
}
