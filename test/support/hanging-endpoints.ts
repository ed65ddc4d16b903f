// Places where opening a connection hangs, all on this machine: a TCP server on 127.0.0.1 that
// accepts connections and never sends a byte (a firewall that swallows packets, a host that is
// half down), and a FIFO no one writes (a file on a network mount that stopped answering), for
// the in-process engines. close() ends every socket and unblocks any reader of the FIFO.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HangingEndpoints {
  host: string;
  port: number;
  path: string;
  /** Ends the wait of whoever is blocked opening the FIFO now (end of file), as a mount that comes back would; an engine may open it again. */
  unblockFile(): void;
  close(): Promise<void>;
}

export async function startHangingEndpoints(): Promise<HangingEndpoints> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const directory = await mkdtemp(join(tmpdir(), 'datathread-hanging-'));
  const path = join(directory, 'hanging.db');
  execFileSync('mkfifo', [path]);
  return {
    host: '127.0.0.1',
    port,
    path,
    unblockFile: () => unblockReaders(path),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      unblockReaders(path);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A reader blocked opening the FIFO gets end-of-file; without a reader, opening for writing fails at once (ENXIO) instead of blocking. */
function unblockReaders(path: string): void {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // No one is waiting on the file.
  }
}
