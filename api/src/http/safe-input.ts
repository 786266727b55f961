import type { MiddlewareHandler } from 'hono';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_EXCEPT_LINES } from '../contracts/common.js';
import { badRequest } from './errors.js';

/** Decodes one path segment or query part the way Hono does (once; malformed escapes stay as typed). */
function decodeOnce(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The first string in a JSON value (keys included) with a control character other than tab and line breaks. */
function controlInJson(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS_EXCEPT_LINES.test(value) ? path.join('.') || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlInJson(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (CONTROL_CHARACTERS.test(key)) return [...path, key.replace(CONTROL_CHARACTERS, '?')].join('.');
      const found = controlInJson(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const refused = (where: string) =>
  badRequest(`${where} must not contain control characters`, { errors: [{ path: where, msg: 'Must not contain control characters' }] });

/**
 * Refuses control characters (U+0000 included) in the path, the query string and any string of a
 * JSON body with 400 before a route runs (issue 8 item 6). The contracts refuse them field by
 * field with their own messages; this is the net under every route, including those that read a
 * path parameter or a body without a contract, so such a character never reaches the database
 * (PostgreSQL refuses U+0000 in text, which was a 500). Free text may hold tab and line breaks.
 */
export const safeInput = (): MiddlewareHandler => async (c, next) => {
  const url = new URL(c.req.url);
  for (const segment of url.pathname.split('/')) {
    if (CONTROL_CHARACTERS.test(decodeOnce(segment))) throw refused('path');
  }
  for (const [key, value] of url.searchParams) {
    if (CONTROL_CHARACTERS.test(key)) throw refused('query');
    if (CONTROL_CHARACTERS.test(value)) throw refused(key);
  }
  const type = c.req.header('content-type') ?? '';
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && type.includes('json')) {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Malformed JSON is the route's (or its validator's) 400, with its own message.
      body = undefined;
    }
    const path = controlInJson(body);
    if (path !== null) throw refused(path);
  }
  await next();
};
