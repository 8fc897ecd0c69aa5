/**
 * A WebSocket server on 127.0.0.1 for socket lifecycle tests: it accepts the upgrade, counts what
 * arrives, and closes each connection right away, which a real Baileys socket reports as 428
 * "Connection Terminated". No WhatsApp protocol is spoken.
 */
export function startClosingServer() {
  let upgrades = 0
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req, srv) {
      upgrades++
      if (srv.upgrade(req)) return undefined
      return new Response('websocket only', { status: 400 })
    },
    websocket: {
      open(ws) {
        ws.close(1000, 'bye')
      },
      message() {},
    },
  })
  return {
    url: `ws://127.0.0.1:${server.port}/ws/chat`,
    upgrades: () => upgrades,
    stop: () => server.stop(true),
  }
}

/** A loopback URL nothing listens on (a port that was just released): connecting is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
  const port = server.port
  await server.stop(true)
  return `ws://127.0.0.1:${port}/ws/chat`
}
