import mongoose from 'mongoose';

/** The URI with its database name replaced, so each run works in a database of its own. */
export function withDatabase(uri: string, database: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error(`Unexpected MONGODB_URI: ${uri}`);
  return `${match[1]}/${database}${match[2] ?? ''}`;
}

/** Runs `use` on a connection of its own to the URI's database, closed after. */
export async function withConnection<R>(uri: string, use: (connection: mongoose.Connection) => Promise<R>): Promise<R> {
  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 5_000 }).asPromise();
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

/** Drops the database the URI names (a run's own). */
export function dropDatabase(uri: string): Promise<void> {
  return withConnection(uri, async (connection) => {
    await connection.dropDatabase();
  });
}
