import { createServer, type Server, type Socket } from 'node:net';
import { hl7Ack, MllpDecoder, mllpFrame } from '@lis/analyser-protocols';

// A hospital system's MLLP receiver for the HL7 outbound tests: a real TCP server on 127.0.0.1 that records
// every message it receives and answers each as told (AA by default; AE/AR with a reason; or silence).

export type ReceiverAnswer = { code: 'AA' | 'AE' | 'AR'; text?: string } | 'silence';

export interface MllpReceiver {
  port: number;
  received: string[];
  /** How the next messages are answered, in order; when the list is empty, AA. */
  answers: ReceiverAnswer[];
  close(): Promise<void>;
  /** Listens again on the same port (after close). */
  reopen(): Promise<void>;
}

export async function startMllpReceiver(port = 0): Promise<MllpReceiver> {
  const sockets = new Set<Socket>();
  const receiver: MllpReceiver = {
    port, received: [], answers: [],
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
    reopen: async () => {
      server = makeServer();
      await listen(server, receiver.port);
    },
  };
  const makeServer = () => createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const decoder = new MllpDecoder({ encoding: 'utf-8' });
    socket.on('data', (chunk: Buffer) => {
      for (const message of decoder.push(chunk)) {
        receiver.received.push(message);
        const answer = receiver.answers.shift() ?? { code: 'AA' };
        if (answer === 'silence') continue;
        socket.write(mllpFrame(hl7Ack(message, answer.code, answer.text, { controlId: `ACK${receiver.received.length}` }), 'utf-8'));
      }
    });
  });
  let server: Server = makeServer();
  await listen(server, port);
  receiver.port = (server.address() as { port: number }).port;
  return receiver;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}
