import { describeFrontDoorConformance } from '@arsenal/testkit';
import { startHttpHost } from './http-host.js';

const PROBES_OPEN =
  'probes answer orchestrators, which send neither a known Host nor a credential; a stranger reads the status word only (readyz/stranger)';
const NO_BODY = 'probes are GET requests and read no body';

describeFrontDoorConformance({
  name: 'health probes (/healthz, /readyz)',
  async start(setup) {
    const host = await startHttpHost({ ...setup, port: 0, routes: [] });
    return { origin: host.origin, close: () => host.close() };
  },
  request: { method: 'GET', path: '/healthz' },
  skip: {
    'host/foreign-host': PROBES_OPEN,
    'host/suffix-after-bracket': PROBES_OPEN,
    'host/host-list': PROBES_OPEN,
    'origin/foreign-origin': PROBES_OPEN,
    'origin/null-changes-state': NO_BODY,
    'auth/token-required': PROBES_OPEN,
    'auth/oauth-only': PROBES_OPEN,
    'oauth/alg-none': PROBES_OPEN,
    'oauth/hs256-confusion': PROBES_OPEN,
    'oauth/expired': PROBES_OPEN,
    'oauth/wrong-audience': PROBES_OPEN,
    'oauth/foreign-issuer': PROBES_OPEN,
    'oauth/unknown-key': PROBES_OPEN,
    'oauth/colliding-sub': PROBES_OPEN,
    'body/oversized': NO_BODY,
    'body/malformed': NO_BODY,
    'slow/body': NO_BODY,
  },
});
