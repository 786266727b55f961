import { Hono } from 'hono';
import { z } from 'zod';
import { bsBooking } from '../contracts/booking-system.js';
import { EMAIL_SENT_TO_QUEUE, emailInsertContract, emailTestContract } from '../contracts/email.js';
import type { AppDeps } from '../deps.js';
import { businessParty } from '../email/compose.js';
import { queueDemoEmails } from '../email/demo.js';
import { queueEmail } from '../email/outbox.js';
import { badRequest } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';

/**
 * The test-only calls of spec 3 §7 (e-mail's are emailTestRoutes below): mounted by app.ts only when the server
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

/**
 * The e-mail test-only calls of spec 3 §7, mounted under /api/email by app.ts in test mode only,
 * all under p_email like the Email Log:
 * - POST /api/email/test: a short message from the business to an address, queued and sent now
 *   (checks an SMTP set-up end to end).
 * - POST /api/email/insert: a log row in a chosen state for screen tests; a row inserted as New
 *   is sent by the worker like any other, one in another state never is.
 * - POST /api/email/demo: the demo's statement e-mails, when the company has none yet.
 */
export function emailTestRoutes({ requires, mailer, db: database }: AppDeps) {
  const app = new Hono<AppEnv>();

  /** Queues a short message from the business (optionally left in another state); answers its id. */
  const queueFromBusiness = async (db: Parameters<typeof businessParty>[0], userCode: string, to: string, subject: string, status = 'New') => {
    const business = await businessParty(db);
    if (!business?.email) throw badRequest('The business has no e-mail address to send from (Set Up > Business)');
    return db.transaction().execute(async (trx) => {
      const id = await queueEmail(trx, {
        userCode, messageType: 'TEST', sender: { entityCode: business.entityCode, name: business.name, address: business.email! },
        to: { name: '', address: to }, subject, html: '<p>A test message from Owner Accounting.</p>', text: 'A test message from Owner Accounting.',
      });
      if (status !== 'New') await trx.updateTable('email_log').set({ current_status: status }).where('id', '=', String(id)).execute();
      return id;
    });
  };

  app.post('/test', requires('p_email'), jsonBody(emailTestContract), async (c) => {
    const id = await queueFromBusiness(c.get('company').db, c.get('user').id, c.req.valid('json').to, 'Owner Accounting test e-mail');
    void mailer.tick().catch(() => {});
    return c.json({ data: { id, message: EMAIL_SENT_TO_QUEUE } });
  });

  app.post('/insert', requires('p_email'), jsonBody(emailInsertContract), async (c) => {
    const { to, subject, status } = c.req.valid('json');
    return c.json({ data: { id: await queueFromBusiness(c.get('company').db, c.get('user').id, to, subject, status) } });
  });

  app.post('/demo', requires('p_email'), async (c) => {
    const company = c.get('company');
    const count = await queueDemoEmails(database, { code: company.code, name: company.name }, c.get('user').id);
    void mailer.tick().catch(() => {});
    return c.json({ data: { queued: count } });
  });

  return app;
}
