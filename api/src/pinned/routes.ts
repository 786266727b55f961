import { Hono } from 'hono';
import { hasPermission } from '../contracts/permissions.js';
import { type PinnedCard, pinnedCardContract } from '../contracts/users.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';

/**
 * Dashboard cards a user pinned (spec 1 §2.2). A screen preference, not accounting data, so it
 * is not written to the change log.
 */
export function pinnedRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.put('/update', requires('company'), jsonBody(pinnedCardContract), async (c) => {
    const input = c.req.valid('json');
    const user = c.get('user');
    if (input.user_id !== user.id) throw forbidden('You may pin cards only for yourself');
    const row = await c.get('company').db.insertInto('pinned_card')
      .values({ user_id: input.user_id, card_name: input.card_name, pinned: input.pinned })
      .onConflict((oc) => oc.columns(['user_id', 'card_name']).doUpdateSet({ pinned: input.pinned }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json({ data: row satisfies PinnedCard });
  });

  app.get('/:userId', requires('company'), async (c) => {
    const userId = c.req.param('userId').trim().toUpperCase();
    const user = c.get('user');
    if (userId !== user.id && !hasPermission(user.permissions, 'p_is_admin')) throw forbidden('You may read only your own pinned cards');
    const rows = await c.get('company').db.selectFrom('pinned_card').selectAll().where('user_id', '=', userId).orderBy('card_name').execute();
    return c.json({ data: rows satisfies PinnedCard[] });
  });

  return app;
}
