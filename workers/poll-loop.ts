/**
 * A worker's loop over its jobs: a pass runs every `pollMs` and whenever `tick` is called; a tick during a
 * pass folds into one more pass after it (the flow, campaign and integration runners share this).
 */
export class PollLoop {
  private timer: ReturnType<typeof setInterval> | undefined
  private running: Promise<void> | null = null
  private again = false

  constructor(private readonly pass: () => Promise<void>, private readonly onError: (err: unknown) => void, private readonly pollMs = 500) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.pollMs)
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.running
  }

  tick(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        try {
          await this.pass()
        } catch (err) {
          this.onError(err)
        }
      } while (this.again && this.timer !== undefined)
    })().finally(() => (this.running = null))
    return this.running
  }
}
