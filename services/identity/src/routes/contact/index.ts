import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactBodySchema, errorResponses, messageResponseSchema } from '@limo/contracts';
import { enforceRateLimits, HttpError, type ServiceContext } from '@limo/platform';
import { contactMail } from '../../mail/contact.mail.js';

const CONTACT_SENT_MESSAGE = 'Thanks! Your message has reached our team. We reply within 24 hours.';

/** POST /api/contact: the /contact page's form, mailed to support (the specs' "Contact Sales" target). */
export async function contactRoutes(app: FastifyInstance, opts: { ctx: ServiceContext }) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support by e-mail',
        body: contactBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `contact:ip:${request.ip}`,
          limit: 10,
          windowMs: 60 * 60 * 1000,
          message: 'Too many messages. Please try again later or e-mail us directly.',
        },
      ]);
      try {
        await ctx.mailer.send(contactMail(request.body));
      } catch (err) {
        request.log.error({ err }, 'contact mail not sent');
        throw new HttpError(503, 'Your message could not be sent just now. Please try again or e-mail us directly.');
      }
      return { message: CONTACT_SENT_MESSAGE };
    },
  );
}
