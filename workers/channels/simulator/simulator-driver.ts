import { randomBytes } from 'node:crypto'
import type { Ack, ChannelDriver, DriverContext, OutboundMessage, SendResult } from '../types.ts'

export interface SimulatorOptions {
  /** When the simulated phone reports delivered (2) and read (3) after a send; [] keeps messages at 1. */
  ackDelaysMs?: [number, number] | []
  setTimer?: (fn: () => void, ms: number) => unknown
  /** The simulated phone's inbox: called with every message the connection sends (demos, end-to-end tests). */
  onSend?: (message: OutboundMessage, externalId: string) => void
}

/**
 * A connection that behaves like a phone on the other side (demos, tests, load): every send is accepted
 * at once, then reported delivered and read like WhatsApp would. Inbound messages come through
 * POST /simulator/{connectionId}/inbound, which hands them to the same inbound pipeline as real channels.
 */
export class SimulatorDriver implements ChannelDriver {
  readonly kind = 'simulator' as const
  private stopped = false
  private readonly ackDelays: number[]
  private readonly setTimer: (fn: () => void, ms: number) => unknown
  private readonly onSend?: SimulatorOptions['onSend']

  constructor(
    private readonly ctx: DriverContext,
    opts: SimulatorOptions = {},
  ) {
    this.ackDelays = opts.ackDelaysMs ?? [300, 1200]
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
    this.onSend = opts.onSend
  }

  async start(): Promise<void> {
    this.stopped = false
    await this.ctx.emit({ kind: 'status', status: 'CONNECTED', qrcode: '' })
  }

  async stop(): Promise<void> {
    this.stopped = true
  }

  async logout(): Promise<void> {
    this.stopped = true
    await this.ctx.emit({ kind: 'status', status: 'DISCONNECTED', qrcode: '' })
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    if (!message.to.number && !message.to.group) throw new Error('simulator: recipient without a number')
    const externalId = message.externalId ?? `SIM${randomBytes(8).toString('hex').toUpperCase()}`
    this.onSend?.(message, externalId)
    this.ackDelays.forEach((ms, i) => {
      this.setTimer(() => {
        if (this.stopped) return
        this.ctx.emit({ kind: 'ack', externalId, ack: (i + 2) as Ack }).catch((err) => this.ctx.log('simulator ack failed', err))
      }, ms)
    })
    return { externalId, ack: 1 }
  }

  async checkNumber(number: string): Promise<string | null> {
    return /^\d{8,15}$/.test(number) ? number : null
  }
}
