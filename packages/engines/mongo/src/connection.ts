import mongoose, { type Connection } from 'mongoose';
import { redactUrl } from '@limo/platform';

const SERVER_SELECTION_TIMEOUT_MS = 5_000;

/** `MongoDB unreachable at <uri, password hidden>: <reason>`, with the driver's error as its cause. */
export function unreachable(uri: string, err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  return new Error(`MongoDB unreachable at ${redactUrl(uri)}: ${reason}`, { cause: err });
}

/**
 * Opens a dedicated connection to `uri`, builds the adapter on it and checks the server answers
 * (the adapter's `ping`). On any failure the connection is closed and the error is
 * {@link unreachable}'s.
 */
export async function connectMongo<T extends { ping(): Promise<void> }>(
  uri: string,
  build: (connection: Connection, db: mongoose.mongo.Db) => T,
): Promise<T> {
  const connection = mongoose.createConnection(uri, { serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS });
  try {
    await connection.asPromise();
    const db = connection.db;
    if (!db) throw new Error('connection has no database');
    const adapter = build(connection, db);
    await adapter.ping();
    return adapter;
  } catch (err) {
    await connection.close().catch(() => undefined);
    throw unreachable(uri, err);
  }
}
