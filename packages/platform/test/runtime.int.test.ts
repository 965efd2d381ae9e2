import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { eventSchema } from '@limo/contracts';
import { z } from 'zod';
import type { HandledEvent } from '../src/events/idempotent.js';
import { deadLetterTopic, type DeadLetter, type EventEnvelope } from '../src/ports/event-bus.port.js';
import { consumer, defineService, need } from '../src/runtime/define-service.js';
import { buildEdge, buildService } from '../src/runtime/run.js';
import type { RuntimeContext } from '../src/runtime/service.js';
import { ConfigError } from '../src/config/config.js';
import { createTestContext, waitFor, type TestContext } from './support/context.js';

/** A port with a close the test can watch. */
class Widget {
  closed = false;
  constructor(readonly engine: string) {}
  async close(): Promise<void> {
    this.closed = true;
  }
}

/** The test service's one event: `count`, when given, is a whole number. */
const thingHappenedV1 = eventSchema('thing.happened.v1', { count: z.number().int().optional() });

const event = (id: string, data: Record<string, unknown> = {}): EventEnvelope => ({
  id,
  type: 'thing.happened.v1',
  occurredAt: new Date().toISOString(),
  key: 'k',
  data,
});

function declare(log: string[]) {
  return defineService({
    name: 'quotes',
    description: 'a test service',
    env: z.object({ GREETING: z.string().default('hello') }),
    produces: [thingHappenedV1],
    needs: { widget: need<Widget>('search', { 'in-process': () => new Widget('in-process') }) },
    async init({ ctx, env, ports }) {
      const seen: string[] = [];
      return {
        deps: { greeting: env.GREETING, widget: ports.widget, seen },
        routes: [
          async (app) => {
            app.get('/greeting', async () => ({ greeting: env.GREETING, engine: ports.widget.engine }));
          },
        ],
        consumers: [
          consumer({
            group: `test.once.${randomUUID()}`,
            consumes: [thingHappenedV1],
            handler: async (e) => void seen.push(`once:${e.id}`),
            idempotent: true,
          }),
          consumer({
            group: `test.every.${randomUUID()}`,
            consumes: [thingHappenedV1],
            // Typed by the schema: `count` is a number or absent.
            handler: async (e) => void seen.push(`every:${e.id}${e.data.count === undefined ? '' : `:${e.data.count + 1}`}`),
          }),
        ],
        async prepare() {
          log.push(`prepare (bus ready: ${typeof ctx.bus.subscribe})`);
        },
        async start() {
          log.push('start');
        },
        async stop() {
          log.push(`stop (widget closed: ${ports.widget.closed})`);
        },
      };
    },
  });
}

let ctx: TestContext;
afterEach(async () => {
  await ctx?.close();
});

describe('buildService', () => {
  it('parses the service settings, builds its ports, serves its routes and runs prepare, consumers, start, stop in order', async () => {
    ctx = await createTestContext({ GREETING: 'hi' });
    const log: string[] = [];
    const service = await buildService(declare(log), ctx);
    await service.start();
    expect(log).toEqual(['prepare (bus ready: function)', 'start']);
    expect((await service.app.inject({ url: '/greeting' })).json()).toEqual({ greeting: 'hi', engine: 'in-process' });

    // The idempotent consumer handles a redelivered event once; the other one each time.
    await ctx.bus.publish([event('e1')]);
    await ctx.bus.publish([event('e1')]);
    await waitFor(() => service.deps.seen.filter((s) => s === 'every:e1').length === 2);
    expect(service.deps.seen.filter((s) => s === 'once:e1')).toHaveLength(1);

    await service.app.close();
    await service.stop();
    // The service's stop runs before the ports built for it are closed; they are closed after.
    expect(log.at(-1)).toBe('stop (widget closed: false)');
    expect(service.deps.widget.closed).toBe(true);
    // Consumers are closed: nothing more is handled.
    const handled = service.deps.seen.length;
    await ctx.bus.publish([event('e2')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.deps.seen).toHaveLength(handled);
  });

  it('dead-letters at once an event whose data does not parse, and goes on with the ones behind it', async () => {
    ctx = await createTestContext();
    const service = await buildService(declare([]), ctx);
    const dead: Array<EventEnvelope<DeadLetter>> = [];
    const dlq = await ctx.bus.subscribe({
      group: `test.dlq.${randomUUID()}`,
      topics: [deadLetterTopic('thing.happened.v1')],
      handler: async (e) => void dead.push(e as EventEnvelope<DeadLetter>),
    });
    await service.start();

    await ctx.bus.publish([event('bad', { count: 'three' }), event('good', { count: 2 })]);
    await waitFor(() => service.deps.seen.includes('every:good:3'), 5000, 'the event behind the bad one');
    await waitFor(() => dead.length === 2, 5000, 'both groups to dead-letter the bad event');
    expect(service.deps.seen.filter((s) => s.includes('bad'))).toEqual([]);
    // One attempt, no retries with backoff (a handler's own failure gets 5): it never parses.
    expect(dead.map((d) => d.data.attempts)).toEqual([1, 1]);
    expect(dead[0].data.event.id).toBe('bad');
    expect(dead[0].data.error).toMatch(/thing\.happened\.v1 bad does not match its schema[\s\S]*data\.count/);
    // The dedupe records only what was handled: the bad event can be handled once mended and replayed.
    const handled = await ctx.store.collection<HandledEvent>('handled_events');
    expect(await handled.count({ _id: { $regex: ':bad$' } })).toBe(0);

    await dlq.close();
    await service.app.close();
    await service.stop();
  });

  it(`forgets handled events past HANDLED_EVENTS_RETENTION_DAYS, and still skips a recent one redelivered`, async () => {
    ctx = await createTestContext({ HANDLED_EVENTS_RETENTION_DAYS: '14' });
    const day = 24 * 60 * 60 * 1000;
    const handled = await ctx.store.collection<HandledEvent>('handled_events');
    const service = await buildService(declare([]), ctx);
    const group = service.consumers.find((c) => c.idempotent)?.group;
    await handled.insertOne({ _id: `${group}:old`, handledAt: new Date(Date.now() - 15 * day) });
    await handled.insertOne({ _id: `${group}:recent`, handledAt: new Date(Date.now() - 13 * day) });
    await service.start();

    await waitFor(async () => (await handled.count({ _id: `${group}:old` })) === 0, 5000, 'the old record pruned');
    expect(await handled.count({ _id: `${group}:recent` })).toBe(1);
    await ctx.bus.publish([event('recent')]);
    await waitFor(() => service.deps.seen.includes('every:recent'));
    expect(service.deps.seen).not.toContain('once:recent');

    await service.app.close();
    await service.stop();
  });

  it('uses a handed-in port instead, and leaves closing it to the caller', async () => {
    ctx = await createTestContext();
    const mine = new Widget('mine');
    const service = await buildService(declare([]), ctx, { ports: { widget: mine } });
    await service.start();
    expect((await service.app.inject({ url: '/greeting' })).json()).toEqual({ greeting: 'hello', engine: 'mine' });
    await service.app.close();
    await service.stop();
    expect(mine.closed).toBe(false);
  });

  it('fails at start-up when the service offers no adapter for the engine configuration picked', async () => {
    ctx = await createTestContext({ ELASTICSEARCH_URL: 'http://127.0.0.1:1' });
    await expect(buildService(declare([]), ctx)).rejects.toThrow(/quotes has no adapter for search=elasticsearch/);
  });

  it('names every bad variable of the service', async () => {
    ctx = await createTestContext();
    const strict = defineService({
      name: 'billing',
      description: 'strict',
      env: z.object({ A_LIMIT: z.coerce.number().int().min(1), B_SECRET_KEY: z.string().startsWith('sk_') }),
      produces: [],
      needs: {},
      init: async () => ({ deps: {}, routes: [] }),
    });
    const failure = buildService(strict, ctx, { env: { A_LIMIT: '0', B_SECRET_KEY: 'leaked' } });
    await expect(failure).rejects.toBeInstanceOf(ConfigError);
    await expect(failure).rejects.toThrow(/A_LIMIT="0"[\s\S]*B_SECRET_KEY="\*\*\*"/);
  });
});

describe('buildEdge (the gateway)', () => {
  const gateway = defineService.edge({
    name: 'gateway',
    description: 'a test edge',
    env: z.object({ PER_MINUTE: z.coerce.number().int().min(1).default(5) }),
    needs: { widget: need<Widget, unknown, RuntimeContext>('search', { 'in-process': () => new Widget('in-process') }) },
    async init({ env, ports }) {
      const app = Fastify();
      app.get('/edge', async () => ({ perMinute: env.PER_MINUTE, engine: ports.widget.engine }));
      return { app };
    },
  });

  it('is given its settings and the adapters of its needs only, and closes what it built once stopped', async () => {
    ctx = await createTestContext();
    const edge = await buildEdge(gateway, { config: ctx.config, logger: ctx.logger, env: { PER_MINUTE: '7' }, adapters: {} });
    expect((await edge.app.inject({ url: '/edge' })).json()).toEqual({ perMinute: 7, engine: 'in-process' });
    const mine = new Widget('mine');
    const handed = await buildEdge(gateway, { config: ctx.config, logger: ctx.logger, env: {}, adapters: {} }, { ports: { widget: mine } });
    expect((await handed.app.inject({ url: '/edge' })).json()).toEqual({ perMinute: 5, engine: 'mine' });
    for (const e of [edge, handed]) {
      await e.app.close();
      await e.stop();
    }
    expect(mine.closed).toBe(false);
  });
});
