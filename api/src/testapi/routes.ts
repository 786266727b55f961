import { Hono } from 'hono';
import { z } from 'zod';
import { bsBooking } from '../contracts/booking-system.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';

/**
 * The test-only calls of spec 3 §7 that are not e-mail's: mounted by app.ts only when the server
 * runs in test mode (config.testMode: TEST_MODE=1 and not production), so a production server
 * answers them 404 like any unknown route. They only read: nothing here changes the books.
 *
 * - POST /api/testapi: a round trip through the guard, answering who and where the caller is and
 *   the body as the server parsed it (client tests of tokens, companies and encodings).
 * - POST /api/testapi/booking: a booking as the booking system sends it, checked against the
 *   contract the sync uses and answered parsed, or refused with its field errors.
 */
export function testApiRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post('/', requires('company', { readOnly: true }), jsonBody(z.unknown()), (c) => {
    const user = c.get('user');
    return c.json({ data: { testMode: true, user: user.id, company: c.get('company').code, body: c.req.valid('json'), at: new Date().toISOString() } });
  });

  app.post('/booking', requires('company', { readOnly: true }), jsonBody(bsBooking), (c) => c.json({ data: c.req.valid('json'), message: 'Booking is valid' }));

  return app;
}
