import { topicOf, type AnyEventSchema } from '@limo/contracts';
import { z } from 'zod';
import { InvalidEventError } from '../errors.js';
import type { EventHandler } from '../ports/event-bus.port.js';

/**
 * Wraps a consumer's handler so it is given each event as the schema of its type parsed it. An event
 * of a type the consumer did not declare, or whose fields do not match, throws an
 * {@link InvalidEventError}: the bus dead-letters it at once and goes on with the next.
 */
export function parsedHandler(consumes: readonly AnyEventSchema[], handler: EventHandler): EventHandler {
  const schemas = new Map(consumes.map((schema) => [topicOf(schema), schema]));
  return async (event) => {
    const schema = schemas.get(event.type);
    if (!schema) throw new InvalidEventError(`no schema declared for ${event.type}`);
    const parsed = schema.safeParse(event);
    if (!parsed.success)
      throw new InvalidEventError(`${event.type} ${event.id} does not match its schema: ${z.prettifyError(parsed.error)}`);
    await handler(parsed.data);
  };
}
