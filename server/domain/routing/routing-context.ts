import type { Tx } from '../../db/connect.ts'
import type { DomainEvent } from '../context.ts'
import type { SendRequest } from '../outbound/enqueue-send.ts'
import type { RoutingState } from './routing-state.ts'

/**
 * What the routing step gets: the tenant transaction the inbound pipeline opened, its clock and an event
 * sink (published after the commit). No acting user: every change is the system's.
 */
export interface RoutingCtx {
  tx: Tx
  now: () => Date
  emit: (event: DomainEvent) => void
  /** The flows' randomizer draws here (issue 21); Math.random when absent. Tests pass a fixed one. */
  random?: () => number
  /**
   * Writes held back to go out together (holdSends): a flow step's texts and media are one insert, and
   * the ticket's preview, the run's columns and the jobs one statement, not two statements per message.
   */
  held?: HeldWrites
  /**
   * The routed message's ticket preview, not yet written: the pipeline stored the message in this
   * transaction with deferPreview (migration 0039), so the step's first ticket write carries it
   * (routing-effects) instead of the ticket taking two updates; whatever is left the pipeline writes
   * after the step. Shared by reference across the ctx copies of one step.
   */
  preview?: { pending: InboundPreview | null }
}

/** An inbound message's effect on its ticket's preview: its text, who wrote it, the unread counter. */
export interface InboundPreview {
  lastMessage: string
  fromMe: boolean
  unread: 'add' | 'clear' | 'keep'
}

export interface HeldWrites {
  sends: SendRequest[]
  /** Ticket columns by camelCase name (the flow run's state). */
  ticket: Record<string, unknown>
}


/** What the inbound pipeline hands over once the message is stored (workers/inbound.ts `route`). */
export interface RouteInput {
  connection: { id: number; companyId: number; channel: string }
  ticket: { id: number }
  message: { id: number; body: string; fromMe: boolean; mediaType: string; createdAt: string | Date }
  created: boolean
  /**
   * The ticket's routing state when the caller read it already, locked, in this transaction (the inbound
   * group commit reads a batch's at once); null: the ticket is gone. Absent: the step reads it.
   */
  state?: RoutingState | null
}

/** A rule either answered the message ('done': later rules do not run) or lets the next one look. */
export type RuleOutcome = 'done' | 'next'
