import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, trackAcceptedSchema, trackBatchBodySchema, trackEventBodySchema, type TrackEventBody } from '@limo/contracts';
import { SinkFullError } from '../../../ingest/event-sink.port.js';
import { rowsDropped } from '../../../ingest/metrics.js';
import type { RouteDeps } from '../../deps.js';

/** POST /api/analytics/track (one event, public-side §7) and POST /api/analytics/track/batch (up to 100). */
export async function trackRoutes(app: FastifyInstance, deps: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tracker } = deps;

  const accept = async (events: TrackEventBody[], request: FastifyRequest, reply: FastifyReply) => {
    const facts = { ip: request.ip, userAgent: request.headers['user-agent'] };
    try {
      await tracker.trackAll(events, facts);
    } catch (err) {
      // The input was fine; what failed is ours (a full batch, Kafka or Redis not answering): 503.
      if (!(err instanceof SinkFullError)) request.log.error({ err }, 'analytics event not recorded');
      rowsDropped.inc({ reason: 'busy' }, events.length);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'Analytics is busy: the event was not recorded. Please try again shortly.' });
    }
    return reply.code(202).send({});
  };

  r.post(
    '/api/analytics/track',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Records one visitor event (fire and forget): 202 at once; bots, replays, bursts and events over the caps of a client IP are accepted but not counted',
        body: trackEventBodySchema,
        response: { 202: trackAcceptedSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => accept([request.body], request, reply),
  );

  r.post(
    '/api/analytics/track/batch',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Records up to 100 visitor events in one call (e.g. a page sending what it queued)',
        body: trackBatchBodySchema,
        response: { 202: trackAcceptedSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => accept(request.body.events, request, reply),
  );
}
