import net from 'node:net';
import { AstmLink, MllpDecoder, hl7Ack, mllpFrame, type LinkEvent } from '@lis/analyser-protocols';
import { analyserInterpretationOf, type ConnectionStatus } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { errorKind, type AnalyserIngest, type IngestAnswer, type IngestLog } from './ingest.ts';
import { leaseStatuses, publishLeaseStatuses } from './lease-repository.ts';
import { allAnalysers, analyserById, type AnalyserRow } from './repository.ts';

/** Which analysers this process runs when several share the database (modules/integration/leases.ts). */
export interface LeaseHolder {
  readonly owner: string;
  holds(analyserId: string): boolean;
  /** Renews and claims now, instead of at the next round. */
  round(): Promise<void>;
}

/** A connect-mode analyser that cannot be reached is tried again after this long, doubling up to the maximum. */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** One TCP connection to an analyser: its link layer state and the work it has queued. */
interface Link {
  socket: net.Socket;
  close(): void;
  /**
   * An orderly stop: takes no more bytes from the analyser, lets the message in hand be stored and
   * acknowledged (its ingest finishes), then closes. A message not complete yet is abandoned un-ACKed.
   */
  finish(): Promise<void>;
}

/** An analyser's running transport: a listener with its connections, or a client that reconnects. */
interface Runner {
  analyser: AnalyserRow;
  links: Set<Link>;
  server: net.Server | null;
  port: number | null;
  state: ConnectionStatus['stanje'];
  error: string | null;
  stop(): Promise<void>;
}

/**
 * The analysers' TCP connections in this server process. For each active analyser: a listener on HOST and
 * its port (listen mode) or a client that connects and reconnects (connect mode). Per connection an ASTM
 * E1381 link with both directions (the package's AstmLink, its timer driven here) or an MLLP decoder; each
 * complete message goes to the ingest, and the link acknowledges it only after the ingest's transaction has
 * committed (ASTM: the final frame's ACK; HL7: AA). Messages of one connection are handled one after
 * another, in the order they arrived; a host query's answer goes back on the same connection.
 */
export class AnalyserConnections {
  private readonly runners = new Map<string, Runner>();
  private started = false;
  /** Saves and the start run one at a time, so an analyser is never started twice. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly ingest: AnalyserIngest,
    private readonly options: { host: string; log?: IngestLog; leases?: LeaseHolder },
  ) {}

  private get log(): IngestLog {
    return this.options.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * The ingest's answer, never a rejection: a failure past the ingest's own handling (a host query's answer
   * read while the database went away) is a refusal too (NAK / AE, so the analyser sends again), and the
   * connection's chain of messages goes on instead of ending in an unhandled rejection.
   */
  private receive(analyser: AnalyserRow, text: string): Promise<IngestAnswer> {
    return this.ingest.receive(analyser, text).catch((error: unknown) => {
      this.log.error({ analyser: analyser.id, err: errorKind(error) }, 'analyser message not handled; the analyser is told to send it again');
      return { kind: 'failed', error: 'The message could not be handled.' };
    });
  }

  /** Whether this process runs the analyser: always with one process, else while it holds the analyser's lease. */
  private runsHere(analyserId: string): boolean {
    return this.options.leases?.holds(analyserId) ?? true;
  }

  /** Starts every active analyser's transport (with leases: those this process holds; the rest come as it gains them). */
  start(): Promise<void> {
    return this.serial(async () => {
      this.started = true;
      for (const analyser of await allAnalysers(this.db)) {
        if (analyser.aktivan && this.runsHere(analyser.id)) await this.run(analyser);
      }
    });
  }

  /**
   * After a save, or when this process gains the analyser's lease: starts, restarts or stops the analyser's
   * transport as its settings now say. An analyser whose lease no process holds yet (just added) is claimed
   * at once, and the call answers once its transport runs here (or another process turned out to hold it:
   * that one picks the new settings up at its next lease round, see refreshAfterLeaseRound).
   */
  async reload(analyserId: string): Promise<void> {
    const notHeld = await this.serial(async () => {
      if (!this.started) return false;
      await this.runners.get(analyserId)?.stop();
      this.runners.delete(analyserId);
      const analyser = await analyserById(this.db, analyserId);
      if (!analyser?.aktivan) return false;
      if (!this.runsHere(analyserId)) return true;
      await this.run(analyser);
      return false;
    });
    if (notHeld && this.options.leases) {
      await this.options.leases.round();
      // Gaining the lease queued a reload of its own: answer once it has run.
      await this.serial(() => Promise.resolve());
    }
  }

  /**
   * After each lease round (several processes): an analyser whose settings were saved through another
   * process is restarted with them here, and the state of each connection this process runs is recorded on
   * its lease, so every process answers the same state.
   */
  async refreshAfterLeaseRound(): Promise<void> {
    const leases = this.options.leases;
    if (!leases) return;
    await this.serial(async () => {
      if (!this.started) return;
      const current = new Map((await allAnalysers(this.db)).map((analyser) => [analyser.id, analyser]));
      for (const [id, runner] of [...this.runners]) {
        const now = current.get(id);
        if (now && now.updatedAt.getTime() === runner.analyser.updatedAt.getTime()) continue;
        await runner.stop();
        this.runners.delete(id);
        if (now?.aktivan && this.runsHere(id)) await this.run(now);
      }
      // A lease gained while its start could not read the analyser (the database went away again) is started now.
      for (const analyser of current.values()) {
        if (analyser.aktivan && !this.runners.has(analyser.id) && this.runsHere(analyser.id)) await this.run(analyser);
      }
    });
    await publishLeaseStatuses(this.db, leases.owner, new Map([...this.runners.keys()].map((id) => [id, this.status(id)])));
  }

  /** This process lost the analyser's lease (another process runs it now): its transport closes at once. */
  release(analyserId: string): Promise<void> {
    return this.serial(async () => {
      await this.runners.get(analyserId)?.stop();
      this.runners.delete(analyserId);
    });
  }

  /**
   * The server's orderly stop (SIGTERM): no new analyser connections; on each open one the message in hand
   * is stored and acknowledged if it is complete (within `graceMs`), a message still arriving is abandoned
   * un-ACKed (the analyser sends it again, to whichever process takes the analyser over); then everything closes.
   */
  finishAndStop(graceMs: number): Promise<void> {
    return this.serial(async () => {
      this.started = false;
      const runners = [...this.runners.values()];
      for (const runner of runners) runner.server?.close();
      const links = runners.flatMap((runner) => [...runner.links]);
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => { timer = setTimeout(resolve, graceMs); });
      await Promise.race([Promise.all(links.map((link) => link.finish())), bound]);
      clearTimeout(timer);
      await Promise.all(runners.map((runner) => runner.stop()));
      this.runners.clear();
    });
  }

  /** Closes every listener and connection. */
  stop(): Promise<void> {
    return this.serial(async () => {
      this.started = false;
      await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
      this.runners.clear();
    });
  }

  status(analyserId: string): ConnectionStatus {
    const runner = this.runners.get(analyserId);
    if (!runner) return { stanje: 'off', veze: 0, port: null, greska: null };
    const state = runner.state === 'listening' && runner.links.size > 0 ? 'connected' : runner.state;
    return { stanje: state, veze: runner.links.size, port: runner.port, greska: runner.error };
  }
  /**
   * The state of each analyser's connection, wherever it runs: this process's own, or (several processes)
   * what the lease's holder last reported, at most one lease round old.
   */
  async statuses(analyserIds: readonly string[]): Promise<Map<string, ConnectionStatus>> {
    const elsewhere = this.options.leases ? analyserIds.filter((id) => !this.runners.has(id)) : [];
    const reported = await leaseStatuses(this.db, elsewhere);
    return new Map(analyserIds.map((id) => [id, this.runners.has(id) ? this.status(id) : reported.get(id) ?? this.status(id)]));
  }


  private async run(analyser: AnalyserRow): Promise<void> {
    const runner = analyser.transport.mode === 'listen' ? await this.listen(analyser, analyser.transport.port) : this.connect(analyser, analyser.transport.host, analyser.transport.port);
    this.runners.set(analyser.id, runner);
  }

  private listen(analyser: AnalyserRow, port: number): Promise<Runner> {
    const links = new Set<Link>();
    const server = net.createServer((socket) => {
      const link = this.attach(analyser, socket);
      links.add(link);
      socket.on('close', () => links.delete(link));
    });
    const runner: Runner = {
      analyser, links, server, port: null, state: 'listening', error: null,
      stop: () => new Promise<void>((resolve) => {
        for (const link of links) link.close();
        server.close(() => resolve());
        if (!server.listening) resolve();
      }),
    };
    return new Promise((resolve) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        runner.state = 'error';
        runner.error = error.code ?? error.name;
        this.log.error({ analyser: analyser.id, err: errorKind(error) }, 'analyser listener could not start');
        resolve(runner);
      });
      server.listen(port, this.options.host, () => {
        const address = server.address();
        runner.port = typeof address === 'object' && address ? address.port : port;
        this.log.info({ analyser: analyser.id, port: runner.port }, 'analyser listener started');
        resolve(runner);
      });
    });
  }

  private connect(analyser: AnalyserRow, host: string, port: number): Runner {
    const links = new Set<Link>();
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let delay = RECONNECT_MIN_MS;
    const runner: Runner = {
      analyser, links, server: null, port: null, state: 'connecting', error: null,
      stop: async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        for (const link of links) link.close();
        await Promise.resolve();
      },
    };
    const dial = () => {
      timer = null;
      if (stopped) return;
      runner.state = 'connecting';
      const socket = net.connect({ host, port });
      socket.once('connect', () => {
        delay = RECONNECT_MIN_MS;
        runner.state = 'connected';
        runner.error = null;
        const link = this.attach(analyser, socket);
        links.add(link);
        socket.once('close', () => links.delete(link));
      });
      socket.on('error', (error: NodeJS.ErrnoException) => { runner.error = error.code ?? error.name; });
      socket.once('close', () => {
        if (stopped) return;
        runner.state = 'connecting';
        timer = setTimeout(dial, delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      });
    };
    dial();
    return runner;
  }

  /** The link layer of one connection. */
  private attach(analyser: AnalyserRow, socket: net.Socket): Link {
    socket.setNoDelay(true);
    // A dead peer must not leave a half-open connection forever.
    socket.setKeepAlive(true, 60_000);
    socket.on('error', (error) => this.log.warn({ analyser: analyser.id, err: errorKind(error) }, 'analyser connection error'));
    return analyser.protokol === 'hl7' ? this.attachHl7(analyser, socket) : this.attachAstm(analyser, socket);
  }

  private attachHl7(analyser: AnalyserRow, socket: net.Socket): Link {
    const decoder = new MllpDecoder();
    let work: Promise<unknown> = Promise.resolve();
    let open = true;
    let finishing = false;
    socket.on('close', () => { open = false; });
    socket.on('data', (chunk: Buffer) => {
      if (finishing) return;
      for (const text of decoder.push(new Uint8Array(chunk))) {
        work = work.then(async () => {
          const answer = await this.receive(analyser, text);
          if (!open) return;
          const replies = answer.kind === 'accepted'
            ? (answer.queryAnswers.length > 0 ? answer.queryAnswers : [hl7Ack(text, 'AA')])
            : [hl7Ack(text, 'AE', answer.error)];
          for (const reply of replies) socket.write(mllpFrame(reply));
        });
      }
    });
    return {
      socket,
      close: () => socket.destroy(),
      finish: async () => {
        finishing = true;
        await work.catch(() => undefined);
        // The acknowledgement just written goes out before the connection closes.
        if (open) await new Promise<void>((resolve) => socket.end(resolve));
        socket.destroy();
      },
    };
  }

  private attachAstm(analyser: AnalyserRow, socket: net.Socket): Link {
    // Both directions of the connection: the analyser's results and queries come in, the worklists the
    // LIS answers go out once the analyser has ended its session (AstmLink routes the bytes and yields
    // on contention). One timer for both sides, driven here.
    const link = new AstmLink({ checksum: analyser.checksum, bareFrames: analyserInterpretationOf(analyser.element).bareFrames });
    let timer: NodeJS.Timeout | null = null;
    let open = true;
    let finishing = false;
    let work: Promise<unknown> = Promise.resolve();

    const handle = (events: LinkEvent[]) => {
      for (const event of events) {
        if (event.kind === 'write') { if (open) socket.write(event.bytes); }
        else if (event.kind === 'timeout') {
          if (timer) clearTimeout(timer);
          timer = null;
          if (event.at !== null && open) timer = setTimeout(() => { timer = null; handle(link.tick(Date.now())); }, Math.max(0, event.at - Date.now()));
        }
        else if (event.kind === 'log') {
          if (event.level === 'warn') this.log.warn({ analyser: analyser.id }, `ASTM link: ${event.text}`);
          else this.log.info({ analyser: analyser.id }, `ASTM link: ${event.text}`);
        }
        else {
          const { id, text } = event;
          work = work.then(async () => {
            const answer = await this.receive(analyser, text);
            if (!open) return;
            // ACK after commit: the final frame is acknowledged only once the message is in the database.
            handle(answer.kind === 'failed' ? link.reject(id, Date.now()) : link.commit(id, Date.now()));
            if (answer.kind === 'accepted') for (const reply of answer.queryAnswers) handle(link.send(reply, Date.now()));
          });
        }
      }
    };

    socket.on('data', (chunk: Buffer) => { if (!finishing) handle(link.receive(new Uint8Array(chunk), Date.now())); });
    socket.on('close', () => {
      open = false;
      if (timer) clearTimeout(timer);
    });
    return {
      socket,
      close: () => socket.destroy(),
      finish: async () => {
        finishing = true;
        // The message handed to the ingest is stored and its final frame acknowledged; the ACK goes out before the close.
        await work.catch(() => undefined);
        if (open) await new Promise<void>((resolve) => socket.end(resolve));
        socket.destroy();
      },
    };
  }
}
