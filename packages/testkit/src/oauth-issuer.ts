import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

type CryptoKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A local authorization server's signing side: an RSA key, its JWKS served over HTTP. */
export interface TestIssuer {
  issuer: string;
  jwksUrl: string;
  kid: string;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  /** The public key as PEM, what an algorithm-confusion attack uses as an HMAC secret. */
  publicPem: string;
  /** Requests the JWKS endpoint has answered. */
  readonly jwksRequests: number;
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export interface SignOptions {
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresIn?: number;
  /** Seconds from now before which the token is not valid. */
  notBefore?: number;
  audience?: string;
  issuer?: string;
  /** Sign with this key instead of the published one (a key the JWKS does not hold). */
  key?: CryptoKey;
}

export const ISSUER = 'https://auth.example.test';

/** Start a JWKS server on a free loopback port. */
export async function startTestIssuer(audience: string): Promise<TestIssuer> {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const publicPem = await exportSPKI(publicKey);
  let jwksRequests = 0;
  const server = createServer((_request, response) => {
    jwksRequests += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    issuer: ISSUER,
    jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
    kid,
    publicKey,
    privateKey,
    publicPem,
    get jwksRequests() {
      return jwksRequests;
    },
    async sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
        .setIssuer(options.issuer ?? ISSUER)
        .setAudience(options.audience ?? audience)
        .setIssuedAt(now)
        .setExpirationTime(now + (options.expiresIn ?? 300));
      if (options.notBefore !== undefined) jwt.setNotBefore(now + options.notBefore);
      return jwt.sign(options.key ?? privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** base64url of a JSON value, for hand-built tokens. */
export function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
