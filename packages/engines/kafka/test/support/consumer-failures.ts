import { Consumer, type MessagesStream, NetworkError } from '@platformatic/kafka';
import { vi } from 'vitest';

/** A consumer's message stream, as the bus opens it. */
export type ConsumerStream = MessagesStream<string, string, string, string>;

/**
 * The client telling a failed rejoin (a broker killed in the middle of a heartbeat) on the consumer's
 * own 'error' event: with no listener it is an uncaught exception, which ends a service.
 */
export const reportRejoinFailed = (consumer: Consumer) => consumer.emit('error', new NetworkError('Connection closed'));

/**
 * Makes the first consumer started from now on fail as `fail` does (given its open message stream and
 * the consumer); every later one is left alone. `consume` is the spy (its calls count the starts: restore
 * it after), `failed()` whether the failure was set off.
 */
export function failFirstConsumer(fail: (stream: ConsumerStream, consumer: Consumer) => void) {
  let failed = false;
  const original = Consumer.prototype.consume;
  const consume = vi.spyOn(Consumer.prototype, 'consume').mockImplementation(async function (this: Consumer, options) {
    const stream = await original.call(this, options);
    if (!failed) {
      failed = true;
      fail(stream, this);
    }
    return stream;
  });
  return { consume, failed: () => failed };
}
