import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { readProgress } from './progress.js';

export function progressRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/:id', requires('company'), (c) => {
    const p = readProgress(c.get('company').code, c.req.param('id'));
    if (!p) throw notFound(`No operation ${c.req.param('id').slice(0, 40)} is in progress`);
    return c.json({ data: { id: p.id, percent: p.percent, message: p.message, active: p.active } });
  });
  return app;
}
