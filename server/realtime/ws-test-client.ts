/**
 * Test helper (no tests here): a WebSocket client that buffers frames so a test can await the next
 * matching one with a bounded wait, and prove a socket got nothing with a ping/pong barrier.
 */
export interface Frame {
  event: string
  data: any
}

type Waiter = { match: (f: Frame) => boolean; resolve: (f: Frame) => void }

export class WsTestClient {
  readonly frames: Frame[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  private waiters: Waiter[] = []

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      const frame = JSON.parse(String(e.data)) as Frame
      const i = this.waiters.findIndex((w) => w.match(frame))
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(frame)
      else this.frames.push(frame)
    })
    this.closed = new Promise((resolve) => ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })))
  }

  /** Opens a socket; rejects if the server refuses the upgrade. */
  static connect(url: string, timeoutMs = 3000): Promise<WsTestClient> {
    const ws = new WebSocket(url)
    const client = new WsTestClient(ws)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connect timed out')), timeoutMs)
      ws.addEventListener('open', () => {
        clearTimeout(timer)
        resolve(client)
      })
      ws.addEventListener('close', (e) => {
        clearTimeout(timer)
        reject(new Error(`refused (${e.code})`))
      })
    })
  }

  send(event: string, data?: unknown): void {
    this.ws.send(JSON.stringify(data === undefined ? { event } : { event, data }))
  }

  /** The next frame matching (buffered or coming), or a failure after the timeout. */
  next(match: string | ((f: Frame) => boolean), timeoutMs = 3000): Promise<Frame> {
    const test = typeof match === 'string' ? (f: Frame) => f.event === match : match
    const i = this.frames.findIndex(test)
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0])
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match: test,
        resolve: (f) => {
          clearTimeout(timer)
          resolve(f)
        },
      }
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        reject(new Error(`no frame matching ${typeof match === 'string' ? match : 'predicate'} within ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiters.push(waiter)
    })
  }

  /**
   * Every frame received before a ping/pong round trip: the server answers frames in order on one
   * connection, so anything it sent before the pong is in the buffer by then.
   */
  async drain(): Promise<Frame[]> {
    this.send('ping')
    await this.next('pong')
    return this.frames.splice(0)
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close()
    return this.closed
  }
}
