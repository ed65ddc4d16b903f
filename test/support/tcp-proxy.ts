// A TCP relay in front of a real server (the shared PostgreSQL), so a test can take the server
// "down" for the bot without stopping it for everyone else: `cut()` drops every open connection
// and refuses new ones (ECONNREFUSED, as a stopped server does); `restore()` listens again on the
// same port.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** The target URL with host and port replaced by the proxy's. */
  urlFor(targetUrl: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const relay = (client: net.Socket) => {
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer(relay);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });

  const cut = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    urlFor(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut,
    async restore() {
      if (!server) await listen();
    },
    close: cut,
  };
}
