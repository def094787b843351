import net from 'node:net';

// A TCP proxy for tests, between an analyser (the simulator) and the server's analyser listener, that reads
// the ASTM E1381 link in both directions just enough to know what each ACK of the server answers: the
// analyser's ENQ, one of its frames, or the final frame of a message (the frame holding the L record, whose
// ACK the server sends only once the message is committed). A test tells it which of the server's ACKs to
// lose on the way, the way a flaky line or a serial converter that resets loses a byte; everything else
// passes unchanged, byte for byte, in the order it came.

const STX = 0x02;
const ETX = 0x03;
const EOT = 0x04;
const ENQ = 0x05;
const ACK = 0x06;
const LF = 0x0a;
const ETB = 0x17;

export interface ServerAck {
  /** The how-many-th ACK of the server through this proxy (from 1, over all connections). */
  index: number;
  /** What the ACK answers: the analyser's ENQ, a frame (`final`: the one ending a message), or something else. */
  answers: 'ENQ' | 'frame' | 'other';
  /** The ACK answers the frame with a message's terminator record (L): the server has committed the message. */
  final: boolean;
  /** Among the server's ACKs of final frames, the how-many-th this is (from 1), else 0. */
  finalIndex: number;
}

export interface AnalyserLinkProxy {
  /** Where the analyser connects instead of the server's listener (127.0.0.1). */
  port: number;
  /** The server's ACKs seen so far, in order; `dropped` those that never reached the analyser. */
  acks: ServerAck[];
  dropped: ServerAck[];
  close(): Promise<void>;
}

/** Reads the analyser's side: what the last thing was that the server's next ACK answers. */
class AnalyserSide {
  last: 'ENQ' | 'frame' | 'other' = 'other';
  lastFinal = false;
  private frame: number[] | null = null;

  read(bytes: Buffer): void {
    for (const byte of bytes) {
      if (this.frame) {
        this.frame.push(byte);
        // A frame is STX FN text ETB|ETX C1 C2 CR LF: it ends at the LF after its end byte.
        if (byte === LF && this.frame.some((b) => b === ETX || b === ETB)) this.frameEnded(this.frame);
        continue;
      }
      if (byte === STX) this.frame = [byte];
      else if (byte === ENQ) this.answered('ENQ');
      else if (byte === EOT) this.answered('other');
    }
  }

  private frameEnded(frame: number[]): void {
    this.frame = null;
    this.last = 'frame';
    // The text after the frame number; a record starting with L (either case) in an ETX frame ends the message.
    const end = frame.findIndex((b) => b === ETX || b === ETB);
    const text = Buffer.from(frame.slice(2, end)).toString('latin1');
    this.lastFinal = frame[end] === ETX && text.split('\r').some((record) => /^[Ll]\|/.test(record));
  }

  private answered(what: 'ENQ' | 'other'): void {
    this.last = what;
    this.lastFinal = false;
  }
}

/**
 * Starts the proxy in front of `target`; `drop` decides for each ACK of the server whether it is lost.
 * Bytes of the server's own frames (a host query's answer) pass untouched and are not taken for ACKs.
 */
export async function startAnalyserLinkProxy(target: { host: string; port: number }, drop: (ack: ServerAck) => boolean): Promise<AnalyserLinkProxy> {
  const acks: ServerAck[] = [];
  const dropped: ServerAck[] = [];
  let finals = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((analyser) => {
    const upstream = net.connect(target);
    sockets.add(analyser);
    sockets.add(upstream);
    analyser.setNoDelay(true);
    upstream.setNoDelay(true);
    const side = new AnalyserSide();
    let inServerFrame = false;
    analyser.on('data', (chunk: Buffer) => {
      side.read(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      const passed: number[] = [];
      for (const byte of chunk) {
        if (inServerFrame) {
          if (byte === LF) inServerFrame = false;
          passed.push(byte);
          continue;
        }
        if (byte === STX) inServerFrame = true;
        if (byte !== ACK) { passed.push(byte); continue; }
        if (side.lastFinal) finals += 1;
        const ack: ServerAck = { index: acks.length + 1, answers: side.last, final: side.lastFinal, finalIndex: side.lastFinal ? finals : 0 };
        acks.push(ack);
        if (drop(ack)) dropped.push(ack);
        else passed.push(byte);
      }
      if (passed.length > 0) analyser.write(Buffer.from(passed));
    });
    // Either end closing or failing closes the other, as the cable between them would.
    const closeBoth = () => { analyser.destroy(); upstream.destroy(); sockets.delete(analyser); sockets.delete(upstream); };
    analyser.on('close', closeBoth);
    upstream.on('close', closeBoth);
    analyser.on('error', closeBoth);
    upstream.on('error', closeBoth);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    acks,
    dropped,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
