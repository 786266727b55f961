import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { ControlTables } from '../db/schema.js';

export interface TokenClaims {
  userId: string;
  /** The user's immutable uid and session generation when the token was issued (issue 8 item 13). */
  uid: string;
  generation: number;
  usertype: string;
  tokenId: string;
  expires: Date;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  issue(user: { id: string; uid: string; session_generation: number; usertype: string }): Promise<{ token: string; claims: TokenClaims }>;
  check(token: string): Promise<TokenCheck>;
}

const ISSUER = 'owner-accounting';

/** HS256 tokens; the key comes from TOKEN_SECRET or is generated once and kept in the control schema. */
export async function createTokenService(control: Kysely<ControlTables>, secret: string | undefined, hours: number): Promise<TokenService> {
  const key = new TextEncoder().encode(secret ?? (await storedSecret(control)));
  // A token cannot change, so its signature is verified once; expiry is still checked on every
  // use, and revocation by the guard.
  const verified = new Map<string, TokenClaims>();
  return {
    async issue({ id: userId, uid, session_generation: generation, usertype }) {
      const tokenId = randomUUID();
      const expires = new Date(Date.now() + hours * 3600_000);
      const token = await new SignJWT({ typ: usertype, uid, gen: generation })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setJti(tokenId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .sign(key);
      return { token, claims: { userId, uid, generation, usertype, tokenId, expires } };
    },
    async check(token) {
      const known = verified.get(token);
      if (known) return known.expires.getTime() > Date.now() ? { ok: true, claims: known } : { ok: false, reason: 'expired' };
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (!payload.sub || !payload.jti || !payload.exp || typeof payload.uid !== 'string' || typeof payload.gen !== 'number') return { ok: false, reason: 'invalid' };
        const claims = { userId: payload.sub, uid: payload.uid, generation: payload.gen, usertype: String(payload.typ ?? ''), tokenId: payload.jti, expires: new Date(payload.exp * 1000) };
        if (verified.size >= 10_000) verified.clear();
        verified.set(token, claims);
        return { ok: true, claims };
      } catch (e) {
        return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

async function storedSecret(control: Kysely<ControlTables>): Promise<string> {
  const candidate = randomBytes(32).toString('base64url');
  await control.insertInto('setting').values({ key: 'token_secret', value: candidate }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await control.selectFrom('setting').select('value').where('key', '=', 'token_secret').executeTakeFirstOrThrow();
  return row.value;
}
