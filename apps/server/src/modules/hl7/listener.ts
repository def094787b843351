import net from 'node:net';
import { MllpDecoder, hl7Ack, mllpFrame, parseHl7, hl7Value } from '@lis/analyser-protocols';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { receiveHl7Order } from './orders-in.ts';
import { hl7OrdersUserId, hl7Repository, inboundPorts } from './repository.ts';

// The sites' inbound HL7 order listeners: per site with a port set (POST /api/hl7/ulaz), an MLLP listener
// on HOST and that port. Each message is an order (receiveHl7Order), handled one after another per
// connection, and acknowledged only after its transaction committed (AA), or refused (AE/AR with the reason).

export interface ListenerState {
  port: number | null;
  stanje: 'off' | 'listening' | 'error';
  greska: string | null;
}

interface Running {
  port: number;
  server: net.Server | null;
  sockets: Set<net.Socket>;
  state: ListenerState;
}

export interface ListenerLog {
  warn(fields: Record<string, unknown>, text: string): void;
}

export class Hl7OrderListeners {
  private readonly running = new Map<string, Running>();
  private queue: Promise<unknown> = Promise.resolve();
  private started = false;

  constructor(private readonly db: Db, private readonly options: { host: string; log?: ListenerLog }) {}

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Starts every site's listener that has a port. */
  start(): Promise<void> {
    return this.serial(async () => {
      this.started = true;
      for (const { site, port } of await inboundPorts(this.db)) await this.listen(site, port);
    });
  }

  /** After a save: the site's listener as its setting now says (stopped, started or moved to the new port). */
  reload(siteId: string): Promise<void> {
    return this.serial(async () => {
      if (!this.started) return;
      await this.close(siteId);
      const port = await hl7Repository(this.db, siteId).inboundPort();
      if (port !== null) await this.listen(siteId, port);
    });
  }

  state(siteId: string): ListenerState {
    return this.running.get(siteId)?.state ?? { port: null, stanje: 'off', greska: null };
  }

  stop(): Promise<void> {
    return this.serial(async () => {
      this.started = false;
      for (const siteId of [...this.running.keys()]) await this.close(siteId);
    });
  }

  private async close(siteId: string): Promise<void> {
    const running = this.running.get(siteId);
    if (!running) return;
    this.running.delete(siteId);
    for (const socket of running.sockets) socket.destroy();
    await new Promise<void>((resolve) => (running.server ? running.server.close(() => resolve()) : resolve()));
  }

  private async listen(siteId: string, port: number): Promise<void> {
    const running: Running = { port, server: null, sockets: new Set(), state: { port, stanje: 'off', greska: null } };
    this.running.set(siteId, running);
    const server = net.createServer((socket) => this.connection(siteId, socket, running));
    server.on('error', (error: NodeJS.ErrnoException) => {
      running.state = { port, stanje: 'error', greska: error.code ?? error.message };
      this.options.log?.warn({ site: siteId, port, kind: error.code }, 'HL7 order listener failed');
    });
    await new Promise<void>((resolve) => {
      server.once('listening', () => {
        running.server = server;
        running.state = { port, stanje: 'listening', greska: null };
        resolve();
      });
      server.once('error', () => resolve());
      server.listen(port, this.options.host);
    });
  }

  private connection(siteId: string, socket: net.Socket, running: Running): void {
    running.sockets.add(socket);
    socket.on('close', () => running.sockets.delete(socket));
    socket.on('error', () => undefined);
    const decoder = new MllpDecoder({ encoding: 'utf-8' });
    let chain = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      for (const text of decoder.push(chunk)) {
        chain = chain.then(async () => {
          const ack = await this.handle(siteId, text);
          if (!socket.destroyed) socket.write(mllpFrame(ack, 'utf-8'));
        });
      }
    });
  }

  /** The acknowledgement of one message; a failure of the server itself is an AE, so the sender tries again. */
  private async handle(siteId: string, text: string): Promise<string> {
    try {
      const { delimiters, segments } = parseHl7(text);
      const controlId = hl7Value(segments.find((segment) => segment.name === 'MSH'), delimiters, 10);
      const ctx: RequestContext = {
        userId: await hl7OrdersUserId(this.db), email: '', sessionId: '', role: 'technician', accessLevel: 0, language: 'bs',
        siteId, siteIds: [siteId], requestId: `hl7-order:${controlId}`.slice(0, 100),
      };
      return await receiveHl7Order(this.db, ctx, text);
    } catch (error) {
      this.options.log?.warn({ site: siteId, kind: error instanceof Error ? error.name : 'unknown' }, 'HL7 order not handled; the sender is told to send it again');
      return hl7Ack(text, 'AE', 'The order could not be handled now; send it again');
    }
  }
}
