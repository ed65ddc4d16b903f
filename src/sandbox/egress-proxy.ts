// The only way out of a sandbox when an operator sets `sandbox.network_allowlist`: an HTTP proxy
// on a Unix socket bound into the sandbox. It tunnels CONNECT (HTTPS) and forwards plain HTTP to
// the listed domains and their subdomains, and answers 403 for everything else.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';

export function isAllowedHost(host: string, allowlist: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return allowlist.some((entry) => {
    const domain = entry.toLowerCase().replace(/^\*\./, '');
    return name === domain || name.endsWith(`.${domain}`);
  });
}

function splitHostPort(authority: string, defaultPort: number): { host: string; port: number } {
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(authority);
  return { host: match?.[1] ?? authority, port: match?.[2] ? Number(match[2]) : defaultPort };
}

function refuse(socket: Duplex, host: string): void {
  socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${host} is not in sandbox.network_allowlist\n`);
}

function tunnel(allowlist: readonly string[], open: Set<Duplex>) {
  return (request: IncomingMessage, client: Duplex, head: Buffer) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    const { host, port } = splitHostPort(request.url ?? '', 443);
    if (!isAllowedHost(host, allowlist)) return refuse(client, host);
    const upstream = connect(port, host, () => {
      open.add(upstream);
      upstream.on('close', () => open.delete(upstream));
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n'));
    client.on('error', () => upstream.destroy());
  };
}

export interface EgressProxy {
  /** Stops the proxy and cuts every open connection and tunnel. */
  close(): Promise<void>;
}

/** Starts the proxy on `socketPath`. */
export async function startEgressProxy(socketPath: string, allowlist: readonly string[]): Promise<EgressProxy> {
  const tunnels = new Set<Duplex>();
  const server = createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end('absolute URL expected\n');
      return;
    }
    if (target.protocol !== 'http:' || !isAllowedHost(target.hostname, allowlist)) {
      response.writeHead(403, { 'Content-Type': 'text/plain' }).end(`${target.hostname} is not in sandbox.network_allowlist\n`);
      return;
    }
    const upstream = httpRequest(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  server.on('connect', tunnel(allowlist, tunnels));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return {
    close: async () => {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
