import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConformanceSkips } from './conformance-skips.js';
import {
  leakIn,
  type RawAnswer,
  type RawRequest,
  sendAndStall,
  sendRawRequest,
  statusOfRawText,
} from './front-door-requests.js';
import { encodeSegment, startTestIssuer, type TestIssuer } from './oauth-issuer.js';

/** A static credential as the front door takes it. */
export interface FrontDoorCredential {
  token: string;
  principal: { id: string; capabilities?: readonly string[] };
}

/**
 * How the suite asks a surface to be started: on 127.0.0.1, a free port, with exactly this
 * authentication and these limits (pass every field through to the front door).
 */
export interface FrontDoorSetup {
  credentials: readonly FrontDoorCredential[];
  oauth?: { resource: string; authorizationServers: readonly string[]; jwksUrl: string };
  maxBodyBytes: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  readiness: () => { ready: boolean; status: string; details?: Record<string, unknown> };
}

export interface RunningSurface {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

export type FrontDoorCaseId = keyof typeof FRONT_DOOR_CASES;

export interface FrontDoorConformanceOptions {
  /** Names the suite: `Front door conformance: <name>`. */
  name: string;
  start(setup: FrontDoorSetup): Promise<RunningSurface>;
  /** A request that reaches the surface and, with the right credential, is served. */
  request: RawRequest;
  /** Whether an answer means the request was served. Default: a status below 400. */
  served?: (answer: RawAnswer) => boolean;
  /**
   * The principal id the surface sees for a request with these headers (for the identity
   * case); leave out and skip `oauth/colliding-sub` with a reason when the surface cannot tell.
   */
  whoAmI?: (origin: string, headers: Record<string, string>) => Promise<string | undefined>;
  /** Cases this surface cannot pass, each with the reason. */
  skip?: Partial<Record<FrontDoorCaseId, string>>;
  /** Per-case timeout in ms. Default 60 s. */
  timeout?: number;
}

/** The static principal every token case uses; an OAuth `sub` with the same name must not become it. */
export const FRONT_DOOR_ADMIN: FrontDoorCredential = {
  token: 'front-door-admin-token-0123456789',
  principal: { id: 'admin', capabilities: ['admin'] },
};
const RESOURCE = 'https://arsenal.test/mcp';
const SECRET_UPSTREAM = 'secret-upstream-name';

type Auth = 'none' | 'tokens' | 'oauth' | 'both';

interface CaseContext {
  surface: RunningSurface;
  options: FrontDoorConformanceOptions;
  issuer: TestIssuer;
  /** The surface's request, with headers added or replaced. */
  send(headers?: Record<string, string>, body?: string | Buffer): Promise<RawAnswer>;
  served(answer: RawAnswer): boolean;
}

interface FrontDoorCase {
  asserts: string;
  auth: Auth;
  run(context: CaseContext): Promise<void>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A refusal: the status, and a body that leaks nothing. */
function expectRefusal(answer: RawAnswer, status: number): void {
  expect(answer.status, answer.body.slice(0, 300)).toBe(status);
  expect(leakIn(answer.body), answer.body.slice(0, 300)).toBeUndefined();
}

async function expectOAuthRefused(context: CaseContext, token: string): Promise<void> {
  const answer = await context.send(bearer(token));
  expectRefusal(answer, 401);
}

const hostCase = (host: string, asserts: string): FrontDoorCase => ({
  asserts,
  auth: 'none',
  async run(context) {
    expectRefusal(await context.send({ host }), 403);
  },
});

export const FRONT_DOOR_CASES = {
  'host/foreign-host': hostCase(
    'evil.example',
    'a foreign Host on a loopback server is refused (DNS rebinding)',
  ),
  'host/suffix-after-bracket': hostCase(
    '[::1]evil.example',
    'a Host with text after an IPv6 literal is refused, not read as [::1]',
  ),
  'host/host-list': hostCase(
    '127.0.0.1:1, evil.example',
    'a Host holding two hosts is refused, not read as its first',
  ),
  'origin/foreign-origin': {
    asserts: 'a foreign Origin is refused',
    auth: 'none',
    async run(context) {
      expectRefusal(await context.send({ origin: 'http://evil.example' }), 403);
    },
  },
  'origin/null-changes-state': {
    asserts: 'Origin: null may not change state',
    auth: 'none',
    async run(context) {
      expectRefusal(await context.send({ origin: 'null' }), 403);
    },
  },
  'auth/none-on-loopback': {
    asserts: 'with no authentication configured, a loopback caller is served',
    auth: 'none',
    async run(context) {
      const answer = await context.send();
      expect(context.served(answer), `${answer.status} ${answer.body.slice(0, 300)}`).toBe(true);
    },
  },
  'auth/token-required': {
    asserts: 'with tokens configured: no token and a wrong token get 401; the right one is served',
    auth: 'tokens',
    async run(context) {
      expectRefusal(await context.send(), 401);
      expectRefusal(await context.send(bearer('not-a-known-token-0123456789')), 401);
      const answer = await context.send(bearer(FRONT_DOOR_ADMIN.token));
      expect(context.served(answer), `${answer.status} ${answer.body.slice(0, 300)}`).toBe(true);
    },
  },
  'auth/oauth-only': {
    asserts: 'with only OAuth configured, an anonymous caller gets 401; a valid token is served',
    auth: 'oauth',
    async run(context) {
      expectRefusal(await context.send(), 401);
      const token = await context.issuer.sign({ sub: 'someone', scope: 'mcp' });
      const answer = await context.send(bearer(token));
      expect(context.served(answer), `${answer.status} ${answer.body.slice(0, 300)}`).toBe(true);
    },
  },
  'oauth/alg-none': {
    asserts: 'an unsigned token (alg none) is refused',
    auth: 'oauth',
    async run(context) {
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: 'someone', iss: context.issuer.issuer, aud: RESOURCE, exp: now + 300 };
      const token = `${encodeSegment({ alg: 'none', typ: 'JWT' })}.${encodeSegment(claims)}.`;
      await expectOAuthRefused(context, token);
    },
  },
  'oauth/hs256-confusion': {
    asserts: 'a token signed HS256 with the public key as secret is refused',
    auth: 'oauth',
    async run(context) {
      const token = await new SignJWT({ sub: 'someone' })
        .setProtectedHeader({ alg: 'HS256', kid: context.issuer.kid })
        .setIssuer(context.issuer.issuer)
        .setAudience(RESOURCE)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(context.issuer.publicPem));
      await expectOAuthRefused(context, token);
    },
  },
  'oauth/expired': {
    asserts: 'an expired token is refused',
    auth: 'oauth',
    async run(context) {
      await expectOAuthRefused(
        context,
        await context.issuer.sign({ sub: 'x' }, { expiresIn: -3600 }),
      );
    },
  },
  'oauth/wrong-audience': {
    asserts: 'a token for another resource is refused',
    auth: 'oauth',
    async run(context) {
      const token = await context.issuer.sign({ sub: 'x' }, { audience: 'https://other.test/' });
      await expectOAuthRefused(context, token);
    },
  },
  'oauth/foreign-issuer': {
    asserts: 'a token naming another issuer is refused, even signed with a trusted key',
    auth: 'oauth',
    async run(context) {
      const token = await context.issuer.sign({ sub: 'x' }, { issuer: 'https://evil.example' });
      await expectOAuthRefused(context, token);
    },
  },
  'oauth/unknown-key': {
    asserts: 'a token signed by a key the JWKS does not hold is refused',
    auth: 'oauth',
    async run(context) {
      const { privateKey } = await generateKeyPair('RS256');
      await expectOAuthRefused(
        context,
        await context.issuer.sign({ sub: 'x' }, { key: privateKey }),
      );
    },
  },
  'oauth/colliding-sub': {
    asserts: 'an OAuth token whose sub is a static principal id does not become that principal',
    auth: 'both',
    async run(context) {
      const whoAmI = context.options.whoAmI;
      if (!whoAmI) throw new Error('give whoAmI, or skip oauth/colliding-sub with a reason');
      const origin = context.surface.origin;
      expect(await whoAmI(origin, bearer(FRONT_DOOR_ADMIN.token))).toBe('admin');
      const token = await context.issuer.sign({ sub: 'admin', scope: 'mcp' });
      const seen = await whoAmI(origin, bearer(token));
      expect(seen).not.toBe('admin');
      expect(seen).toContain(context.issuer.issuer);
    },
  },
  'body/oversized': {
    asserts: 'a body past the limit gets 413 with no stack trace or path',
    auth: 'none',
    async run(context) {
      const answer = await context.send({}, Buffer.alloc(64 * 1024, 0x20));
      expectRefusal(answer, 413);
    },
  },
  'body/malformed': {
    asserts: 'a body that is not JSON gets 400 with no stack trace or path',
    auth: 'none',
    async run(context) {
      expectRefusal(await context.send({}, '{"unterminated": '), 400);
    },
  },
  'slow/headers': {
    asserts: 'headers that never finish are answered 408 and the connection closed',
    auth: 'none',
    async run(context) {
      const host = new URL(context.surface.origin).host;
      const text = await sendAndStall(
        context.surface.origin,
        `${context.options.request.method} ${context.options.request.path} HTTP/1.1\r\nhost: ${host}\r\nx-slow: 1\r\n`,
      );
      expect(statusOfRawText(text)).toBe(408);
      expect(leakIn(text)).toBeUndefined();
    },
  },
  'slow/body': {
    asserts: 'a body that never finishes is answered 408 and the connection closed',
    auth: 'none',
    async run(context) {
      const { method, path, headers = {} } = context.options.request;
      const host = new URL(context.surface.origin).host;
      const lines = Object.entries({ ...headers, host, 'content-length': '100' })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      const text = await sendAndStall(
        context.surface.origin,
        `${method} ${path} HTTP/1.1\r\n${lines}\r\n{"partial":`,
      );
      expect(statusOfRawText(text)).toBe(408);
      expect(leakIn(text)).toBeUndefined();
    },
  },
  'readyz/stranger': {
    asserts: '/readyz shows a stranger its status only; a known caller also sees the details',
    auth: 'tokens',
    async run(context) {
      const probe = (headers: Record<string, string>) =>
        sendRawRequest(context.surface.origin, { method: 'GET', path: '/readyz', headers });
      const host = new URL(context.surface.origin).host;
      for (const headers of [{ host: 'evil.example' }, { host }]) {
        const answer = await probe(headers);
        expect(answer.status).toBe(200);
        expect(answer.body).not.toContain(SECRET_UPSTREAM);
      }
      const known = await probe({ host, ...bearer(FRONT_DOOR_ADMIN.token) });
      expect(known.body).toContain(SECRET_UPSTREAM);
    },
  },
} satisfies Record<string, FrontDoorCase>;

function setupFor(auth: Auth, issuer: TestIssuer): FrontDoorSetup {
  const oauth = {
    resource: RESOURCE,
    authorizationServers: [issuer.issuer],
    jwksUrl: issuer.jwksUrl,
  };
  return {
    credentials: auth === 'tokens' || auth === 'both' ? [FRONT_DOOR_ADMIN] : [],
    ...(auth === 'oauth' || auth === 'both' ? { oauth } : {}),
    maxBodyBytes: 16 * 1024,
    headersTimeoutMs: 1000,
    bodyTimeoutMs: 1000,
    readiness: () => ({
      ready: true,
      status: 'ready',
      details: { upstreams: { [SECRET_UPSTREAM]: 'connected' } },
    }),
  };
}

/**
 * The front door's behaviour, run against one HTTP surface (MCP, REST, A2A, console, probes):
 * hostile Host and Origin values, every authentication mode and the OAuth attacks, oversized,
 * malformed and slow requests, error bodies free of stack traces and paths, and `/readyz`
 * without data for strangers. Each case starts the surface afresh with the setup it needs.
 *
 * @example
 * describeFrontDoorConformance({
 *   name: 'REST API',
 *   start: (setup) => startRestServer(arsenal, { ...setup, port: 0, basePath: '/api' }),
 *   request: { method: 'POST', path: '/api/tools/search', headers: json, body: '{"query":"x"}' },
 * });
 */
export function describeFrontDoorConformance(options: FrontDoorConformanceOptions): void {
  const ids = Object.keys(FRONT_DOOR_CASES) as FrontDoorCaseId[];
  const skip = checkConformanceSkips('front door', ids, options.skip);
  describe(`Front door conformance: ${options.name}`, () => {
    let issuer: TestIssuer;
    beforeAll(async () => {
      issuer = await startTestIssuer(RESOURCE);
    });
    afterAll(async () => {
      await issuer?.close();
    });
    for (const id of ids) {
      const testCase: FrontDoorCase = FRONT_DOOR_CASES[id];
      const reason = skip.get(id);
      if (reason !== undefined) {
        it.skip(`${id} (skipped: ${reason})`, () => {});
        continue;
      }
      it(`${id}: ${testCase.asserts}`, { timeout: options.timeout ?? 60_000 }, async () => {
        const surface = await options.start(setupFor(testCase.auth, issuer));
        const host = new URL(surface.origin).host;
        try {
          await testCase.run({
            surface,
            options,
            issuer,
            served: options.served ?? ((answer) => answer.status > 0 && answer.status < 400),
            send: (headers = {}, body = options.request.body) =>
              sendRawRequest(surface.origin, {
                ...options.request,
                headers: { host, ...options.request.headers, ...headers },
                ...(body !== undefined ? { body } : {}),
              }),
          });
        } finally {
          await surface.close();
        }
      });
    }
  });
}
