import { createServer, connect, type Server, type Socket } from 'node:net';

/** The Kafka protocol's Produce request (api key 0). */
const PRODUCE = 0;

/**
 * A TCP proxy in front of a Kafka broker that can lose one answer: the broker gets the next Produce
 * request and writes its records, the proxy drops the connection instead of passing the answer on, and
 * refuses connections for a while, as when a broker dies just after a write (kill -9, a network cut).
 * The client cannot tell whether its records were written. Frames are Kafka's: a 4-byte size, then
 * (requests) api key, version and correlation id, or (answers) the correlation id.
 */
export class LosingKafkaProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private armed = false;
  private refuseUntil = 0;
  private refuseMs = 0;
  /** Produce requests whose answer was lost so far. */
  lostAnswers = 0;

  private constructor(private readonly brokerPort: number) {
    this.server = createServer((client) => this.accept(client));
  }

  /** Listens on `port` (0: a free one) and forwards to the broker at 127.0.0.1:`brokerPort`. */
  static async start(brokerPort: number, port = 0): Promise<LosingKafkaProxy & { port: number }> {
    const proxy = new LosingKafkaProxy(brokerPort);
    await new Promise<void>((resolve) => proxy.server.listen(port, '127.0.0.1', resolve));
    return Object.assign(proxy, { port: (proxy.server.address() as { port: number }).port });
  }

  /** The answer to the next Produce request is lost; then connections are refused for `refuseMs`. */
  loseNextProduceAnswer(refuseMs: number): void {
    this.armed = true;
    this.refuseMs = refuseMs;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket): void {
    if (Date.now() < this.refuseUntil) return void client.destroy();
    const broker = connect(this.brokerPort, '127.0.0.1');
    const both = [client, broker];
    both.forEach((s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => both.forEach((x) => x.destroy()));
      s.on('close', () => both.forEach((x) => x.destroy()));
    });
    // Correlation ids are per connection: the lost answer is looked for on its own connection only.
    let lost: number | undefined;
    frames(client, (frame) => {
      // A request: api key (int16), api version (int16), correlation id (int32).
      if (this.armed && frame.readInt16BE(4) === PRODUCE) {
        this.armed = false;
        lost = frame.readInt32BE(8);
      }
      broker.write(frame);
    });
    frames(broker, (frame) => {
      // An answer: its correlation id (int32) first.
      if (lost !== undefined && frame.readInt32BE(4) === lost) {
        lost = undefined;
        this.lostAnswers++;
        this.refuseUntil = Date.now() + this.refuseMs;
        both.forEach((s) => s.destroy());
        return;
      }
      client.write(frame);
    });
  }
}

/** Calls `onFrame` with each whole frame (its size prefix included) read from `socket`. */
function frames(socket: Socket, onFrame: (frame: Buffer) => void): void {
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
      const size = 4 + pending.readInt32BE(0);
      onFrame(pending.subarray(0, size));
      pending = pending.subarray(size);
    }
  });
}
