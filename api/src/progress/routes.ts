import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { SUPPORT_JOBS } from '../support/jobs.js';

/**
 * GET /api/progress/{id} (spec 1 §4.5): how far a long operation of this company is, read from
 * its job row so any API process answers; once finished it carries the outcome (result or error).
 */
export function progressRoutes({ requires, jobs }: AppDeps) {
  const app = new Hono<AppEnv>();
  /** The support console's own jobs (Schema update), which belong to no company. */
  app.get('/support/:id', requires('support'), async (c) => {
    const job = await jobs.read(SUPPORT_JOBS, c.req.param('id'));
    if (!job) throw notFound(`No console operation ${c.req.param('id').slice(0, 40)} is known`);
    const { id, kind, status, percent, message, active, result, error } = job;
    return c.json({ data: { id, kind, status, percent, message, active, result, error } });
  });
  app.get('/:id', requires('company'), async (c) => {
    const job = await jobs.read(c.get('company').code, c.req.param('id'));
    if (!job) throw notFound(`No operation ${c.req.param('id').slice(0, 40)} is known for this company`);
    const { id, kind, status, percent, message, active, result, error } = job;
    return c.json({ data: { id, kind, status, percent, message, active, result, error } });
  });
  return app;
}
