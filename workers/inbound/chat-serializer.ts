/**
 * Keeps per-chat order while different chats proceed in parallel (anchor §10: the anchors' forEach(async)
 * loses order). run(key, fn) starts fn after every earlier fn of the same key has settled.
 */
export class ChatSerializer {
  private tails = new Map<string, Promise<unknown>>()

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve()
    const next = previous.then(fn, fn)
    const tail = next.catch(() => {})
    this.tails.set(key, tail)
    // Forget settled chats so the map holds only chats with work in flight.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key)
    })
    return next
  }

  get size(): number {
    return this.tails.size
  }
}
