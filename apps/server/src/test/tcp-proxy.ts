import net from 'node:net';

/**
 * A TCP proxy on loopback for outage tests: a server process is pointed at the proxy instead of its
 * dependency (PostgreSQL, an analyser's socket), and the test cuts the line at will.
 *
 * - `cut()` ends every connection passing now, at once and with a reset (as a PostgreSQL restart or a
 *   failover does to its clients).
 * - `refuse()` / `hold()`: a new connection is reset at once, or accepted and left without an answer
 *   (a host that is gone: the client's connect timeout must fire), until `restore()`.
 * - `outage(ms)`: cut, refuse (or hold) for `ms`, restore.
 * Held connections are reset on `restore()`: their clients gave up on them long ago.
 */
export type ProxyMode = 'forward' | 'refuse' | 'hold';

export class TcpProxy {
  private mode: ProxyMode = 'forward';
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  private readonly held = new Set<net.Socket>();
  /** Connections accepted and forwarded since the start (tests check a client really reconnected). */
  accepted = 0;

  private constructor(private readonly server: net.Server, readonly port: number, private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy: TcpProxy | null = null;
    const server = net.createServer((socket) => proxy?.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    proxy = new TcpProxy(server, address.port, target);
    return proxy;
  }

  /** The URL of `url` with its host and port replaced by the proxy's. */
  static via(url: string, port: number): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(port);
    return through.toString();
  }

  get current(): ProxyMode {
    return this.mode;
  }

  /** Connections open through the proxy now. */
  get open(): number {
    return this.pairs.size;
  }

  private accept(client: net.Socket): void {
    client.on('error', () => undefined);
    if (this.mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (this.mode === 'hold') {
      this.held.add(client);
      client.on('close', () => this.held.delete(client));
      return;
    }
    this.forward(client);
  }

  private forward(client: net.Socket): void {
    this.accepted += 1;
    const pair: { client: net.Socket; upstream: net.Socket | null } = { client, upstream: null };
    this.pairs.add(pair);
    const upstream = net.connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', () => undefined);
    const end = () => {
      if (!this.pairs.delete(pair)) return;
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Resets every connection passing now. */
  cut(): void {
    for (const pair of [...this.pairs]) {
      this.pairs.delete(pair);
      if (!pair.client.destroyed) pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
  }

  refuse(): void {
    this.mode = 'refuse';
  }

  hold(): void {
    this.mode = 'hold';
  }

  restore(): void {
    this.mode = 'forward';
    for (const socket of [...this.held]) socket.resetAndDestroy();
    this.held.clear();
  }

  /** Cuts every connection, refuses (or holds) new ones for `ms`, then forwards again. */
  async outage(ms: number, mode: 'refuse' | 'hold' = 'refuse'): Promise<void> {
    if (mode === 'refuse') this.refuse();
    else this.hold();
    this.cut();
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.restore();
  }

  async close(): Promise<void> {
    this.cut();
    this.restore();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
