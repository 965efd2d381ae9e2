import { HttpError } from '../../src/errors.js';

/** The status and message of the HttpError `promise` rejects with (a test fails on any other outcome). */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return { status: err.statusCode, message: err.message };
}
