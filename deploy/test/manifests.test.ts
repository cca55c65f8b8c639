import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arsenalConfigSchema, parseConfig } from '@arsenal/config';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const schema = (name: string) => JSON.parse(read(`schemas/${name}`)) as object;

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema(schema('k8s-common.json'));
const validators: Record<string, ValidateFunction> = {
  compose: ajv.compile(schema('compose-spec.json')),
  Deployment: ajv.compile(schema('k8s-deployment.json')),
  Service: ajv.compile(schema('k8s-service.json')),
  ConfigMap: ajv.compile(schema('k8s-configmap.json')),
  Secret: ajv.compile(schema('k8s-secret.json')),
};

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML navigated by tests; the schemas check its shape
type Manifest = Record<string, any>;

/** Validation errors as readable lines (empty when valid). */
function problems(validate: ValidateFunction, value: unknown): string[] {
  return validate(value)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

function kubernetesManifests(): Manifest[] {
  return readdirSync(join(root, 'kubernetes'))
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(read(`kubernetes/${file}`)).map((doc) => doc.toJSON() as Manifest),
    );
}

function byKind(kind: string): Manifest {
  const found = kubernetesManifests().find((manifest) => manifest.kind === kind);
  if (!found) throw new Error(`no ${kind} in deploy/kubernetes`);
  return found;
}

/**
 * Check an arsenal.yaml with the real config schema. `state:` (shared state through
 * @arsenal/state-redis) is checked once the config schema knows the key; until then it is set
 * aside here, and only here.
 */
function checkArsenalConfig(text: string) {
  const knowsState = 'state' in arsenalConfigSchema.shape;
  const value = parse(text) as Record<string, unknown>;
  if (!knowsState) delete value.state;
  const env = {
    ARSENAL_TOKEN: 'a-token-of-at-least-16-chars',
    DATABASE_URL: 'postgres://h/db',
    REDIS_URL: 'redis://h',
  };
  return parseConfig(JSON.stringify(value), { baseDir: root, env });
}

const drainTimeoutMs = (text: string) =>
  (parse(text) as { serve: { drainTimeoutMs: number } }).serve.drainTimeoutMs;

/** `45s`, `1m30s`, `500ms` → milliseconds. */
function durationMs(text: string): number {
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    total +=
      Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
  }
  return total;
}

describe('deploy/compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as Manifest;

  it('is a valid compose file', () => {
    expect(problems(validators.compose!, compose)).toEqual([]);
  });

  it('runs 3 arsenal replicas beside redis and postgres, and drains before being killed', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['arsenal', 'postgres', 'redis']);
    const arsenal = compose.services.arsenal;
    expect(arsenal.deploy.replicas).toBe(3);
    expect(arsenal.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(arsenal.healthcheck.test.join(' ')).toContain('/readyz');
    expect(durationMs(arsenal.stop_grace_period)).toBeGreaterThan(
      drainTimeoutMs(read('arsenal.yaml')),
    );
  });

  it('mounts an arsenal.yaml that the config schema accepts', () => {
    const config = checkArsenalConfig(read('arsenal.yaml'));
    expect(config.history?.use).toBe('@arsenal/history-postgres');
    expect(config.serve).toMatchObject({ transport: 'http', host: '0.0.0.0', port: 3333 });
  });

  it('catches mistakes: an unknown service key and a bad grace period', () => {
    const broken = structuredClone(compose);
    broken.services.arsenal.replicas = 3;
    broken.services.redis.stop_grace_period = 'forty seconds';
    const found = problems(validators.compose!, broken);
    expect(found).toContain('/services/arsenal must NOT have additional properties');
    expect(found.some((line) => line.startsWith('/services/redis/stop_grace_period'))).toBe(true);
  });
});

describe('deploy/kubernetes', () => {
  it('every manifest is valid for its kind', () => {
    const manifests = kubernetesManifests();
    expect(manifests.map((manifest) => manifest.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'Secret',
      'Service',
    ]);
    for (const manifest of manifests) {
      expect(problems(validators[manifest.kind]!, manifest), manifest.kind).toEqual([]);
    }
  });

  it('probes /healthz for liveness and /readyz for readiness, on the container port', () => {
    const container = byKind('Deployment').spec.template.spec.containers[0];
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.ports[0]).toMatchObject({ name: 'http', containerPort: 3333 });
  });

  it('gives a terminating pod longer than preStop plus the drain timeout', () => {
    const pod = byKind('Deployment').spec.template.spec;
    const config = byKind('ConfigMap').data['arsenal.yaml'] as string;
    const preStopSeconds = Number(pod.containers[0].lifecycle.preStop.exec.command[1]);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      preStopSeconds * 1000 + drainTimeoutMs(config),
    );
  });

  it('wires the pieces together: selector, ConfigMap, secret keys, the config file', () => {
    const deployment = byKind('Deployment');
    const service = byKind('Service');
    const configMap = byKind('ConfigMap');
    const secret = byKind('Secret');
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    expect(deployment.spec.selector.matchLabels).toEqual(service.spec.selector);
    expect(deployment.spec.template.spec.volumes[0].configMap.name).toBe(configMap.metadata.name);
    for (const variable of deployment.spec.template.spec.containers[0].env) {
      const ref = variable.valueFrom.secretKeyRef;
      expect(ref.name).toBe(secret.metadata.name);
      expect(Object.keys(secret.stringData)).toContain(ref.key);
    }
    const config = checkArsenalConfig(configMap.data['arsenal.yaml']);
    expect(config.serve?.drainTimeoutMs).toBe(30_000);
    expect(configMap.data['tools.yaml']).toBe(
      read('tools.yaml')
        .split('\n')
        .filter((line) => !line.startsWith('#'))
        .join('\n'),
    );
    // The compose file and the cluster run the same configuration.
    expect(parse(configMap.data['arsenal.yaml'])).toEqual(parse(read('arsenal.yaml')));
  });

  it('catches mistakes: a probe without a port, replicas as text, an unknown field', () => {
    const broken = structuredClone(byKind('Deployment'));
    delete broken.spec.template.spec.containers[0].readinessProbe.httpGet.port;
    broken.spec.replicas = 'three';
    broken.spec.template.spec.terminationGracePeriod = 45;
    const found = problems(validators.Deployment!, broken);
    expect(found).toContain(
      "/spec/template/spec/containers/0/readinessProbe/httpGet must have required property 'port'",
    );
    expect(found).toContain('/spec/replicas must be integer');
    expect(found).toContain('/spec/template/spec must NOT have additional properties');
  });
});
