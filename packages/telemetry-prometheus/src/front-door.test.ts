import { describeFrontDoorConformance } from '@arsenal/testkit';
import { createPrometheusTelemetry, startMetricsServer } from './index.js';

const TOKEN_ONLY = 'the scrape endpoint takes a static token (`token`), not OAuth';
const NO_BODY = 'scrapes are GET requests and read no body';

describeFrontDoorConformance({
  name: 'Prometheus /metrics',
  async start(setup) {
    const token = setup.credentials[0]?.token;
    const server = await startMetricsServer(createPrometheusTelemetry(), {
      port: 0,
      ...(token ? { token } : {}),
    });
    return { origin: new URL(server.url).origin, close: () => server.close() };
  },
  request: { method: 'GET', path: '/metrics' },
  skip: {
    'origin/null-changes-state': 'a scrape changes nothing (GET only)',
    'auth/oauth-only': TOKEN_ONLY,
    'oauth/alg-none': TOKEN_ONLY,
    'oauth/hs256-confusion': TOKEN_ONLY,
    'oauth/expired': TOKEN_ONLY,
    'oauth/wrong-audience': TOKEN_ONLY,
    'oauth/foreign-issuer': TOKEN_ONLY,
    'oauth/unknown-key': TOKEN_ONLY,
    'oauth/colliding-sub': TOKEN_ONLY,
    'body/oversized': NO_BODY,
    'body/malformed': NO_BODY,
    'slow/body': NO_BODY,
    'readyz/stranger': 'the metrics server reports no readiness details',
  },
});
