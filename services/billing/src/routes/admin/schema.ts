import type { z } from 'zod';
import { errorResponses } from '@limo/contracts';

/** What an admin route takes besides its answer: its query, path parameters or body. */
interface AdminRequestSchemas {
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
}

/** The schema of a billing admin route: tagged admin, answering `ok`, or 400, 404 or 409 with the error shape. */
export const adminSchema = <Ok extends z.ZodType, Request extends AdminRequestSchemas = object>(
  summary: string,
  ok: Ok,
  request?: Request,
) => ({
  tags: ['admin'],
  summary,
  ...(request as Request),
  response: { 200: ok, ...errorResponses(400, 404, 409) },
});
