import { createServer, type Server } from 'node:net'

// Ports for the servers the tests start: their own (listen), or a free one
// for a program that takes a port number (freePort).

/** Ports this process has handed out: the system may offer a closed port again. */
const handedOut = new Set<number>()

/** A TCP port nobody listens on right now, never one this process has handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer()
      server.once('error', reject)
      server.listen(0, () => {
        const address = server.address()
        server.close(() =>
          typeof address === 'object' && address
            ? resolve(address.port)
            : reject(new Error('no port'))
        )
      })
    })
    if (!handedOut.has(port)) {
      handedOut.add(port)
      return port
    }
  }
}

/** Starts a test's own server on a port of 127.0.0.1 the system picks; returns its address. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
    })
  )
}
