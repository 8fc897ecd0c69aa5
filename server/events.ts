import type { DomainEvent } from './domain/context.ts'

type Listener = (event: DomainEvent) => void

/** In-process fan-out of committed domain events; the realtime hub and workers subscribe. */
export class EventBus {
  private listeners = new Set<Listener>()

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  publish(events: DomainEvent[]): void {
    for (const e of events) {
      for (const fn of this.listeners) {
        try {
          fn(e)
        } catch (err) {
          console.error('event listener failed', e.type, err)
        }
      }
    }
  }
}
