import { HttpError } from '../../src/errors.js';

/** The HttpError `promise` rejects with (a test fails on any other outcome). */
async function httpErrorOf(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return err;
}

/** The status and message of the HttpError `promise` rejects with (a test fails on any other outcome). */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await httpErrorOf(promise);
  return { status: err.statusCode, message: err.message };
}

/** The fields the HttpError `promise` rejects with names, as a form marks them (a test fails on any other outcome). */
export async function refusedFields(promise: Promise<unknown>): Promise<string[] | undefined> {
  return (await httpErrorOf(promise)).errors?.map((e) => e.field);
}
