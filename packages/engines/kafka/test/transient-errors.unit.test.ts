import { MultipleErrors, NetworkError, TimeoutError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { isTransientError } from '@limo/platform';

// The platform's retry rule knows @platformatic/kafka's errors as this driver throws them.
describe('isTransientError on Kafka errors', () => {
  it('knows a broker away', () => {
    expect(isTransientError(new NetworkError('Connection to 127.0.0.1:9092 failed.'))).toBe(true);
    expect(isTransientError(new TimeoutError('Request timed out'))).toBe(true);
  });

  it('looks through the attempts of retries that ran out (in `errors`, not `cause`)', () => {
    const attempts = [new NetworkError('Connection to 127.0.0.1:9092 failed.'), new NetworkError('Connection closed')];
    expect(isTransientError(new MultipleErrors('produce failed 6 times.', attempts))).toBe(true);
  });
});
