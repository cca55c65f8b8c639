import { createArsenal } from '@arsenal/core';
import { startHttpHost } from '@arsenal/http';
import { createRestApi } from '@arsenal/rest-api';
import { describeFrontDoorConformance } from '@arsenal/testkit';
import { createConsoleRoute } from './console-route.js';

const PUBLIC_FILES =
  "the console's files are public by design (they hold no data); its data comes from the REST API, whose suite runs these cases";
const NO_BODY = 'the console serves files to GET requests and reads no body';

describeFrontDoorConformance({
  name: 'console',
  async start(setup) {
    const arsenal = createArsenal();
    const api = createRestApi(arsenal, { basePath: '/api' });
    const consoleRoute = await createConsoleRoute({ apiPath: '/api' });
    const host = await startHttpHost({ ...setup, port: 0, routes: [api.route, consoleRoute] });
    return {
      origin: host.origin,
      async close() {
        await host.close();
        await arsenal.close();
      },
    };
  },
  request: { method: 'GET', path: '/console/' },
  skip: {
    'origin/null-changes-state': 'reading the console changes nothing (GET only)',
    'auth/token-required': PUBLIC_FILES,
    'auth/oauth-only': PUBLIC_FILES,
    'oauth/alg-none': PUBLIC_FILES,
    'oauth/hs256-confusion': PUBLIC_FILES,
    'oauth/expired': PUBLIC_FILES,
    'oauth/wrong-audience': PUBLIC_FILES,
    'oauth/foreign-issuer': PUBLIC_FILES,
    'oauth/unknown-key': PUBLIC_FILES,
    'oauth/colliding-sub': PUBLIC_FILES,
    'body/oversized': NO_BODY,
    'body/malformed': NO_BODY,
    'slow/body': NO_BODY,
  },
});
