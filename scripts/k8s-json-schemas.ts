/**
 * Kubernetes' OpenAPI (swagger.json of the `k8s.io/kubernetes` Go module) as the JSON schemas
 * kubeconform reads, so infra/k8s/validate.sh checks the manifests with no network but the Go module
 * proxy. The layout is kubeconform's local one, as openapi2jsonschema writes it in "strict" mode:
 *
 * - `_definitions.json`: every definition, with `additionalProperties: false` on each object that lists
 *   its properties (a misspelt or misplaced field is an error, as with `kubeconform -strict`'s published
 *   schemas), an int-or-string as string or integer, a quantity as string or number;
 * - `<kind>-<group>-<version>.json` (`deployment-apps-v1.json`, `service-v1.json`) for each kind, its
 *   `$ref`s pointing into `_definitions.json`, `kind` and `apiVersion` pinned to that kind's.
 *
 * Read with `kubeconform -schema-location '<dir>/{{ .ResourceKind }}{{ .KindSuffix }}.json'`.
 * usage: tsx scripts/k8s-json-schemas.ts <swagger.json> <output dir>
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Schema = { [key: string]: unknown };
interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

const REF_PREFIX = '#/definitions/';
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same node with `$ref`s into `_definitions.json` and objects closed to unknown fields. */
function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (!isSchema(node)) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) out[key] = `_definitions.json${value}`;
    else if (key === 'properties' && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, convert(child)]));
    } else out[key] = convert(value);
  }
  if (out.format === 'int-or-string') return { description: out.description, oneOf: [{ type: 'string' }, { type: 'integer' }] };
  if (isSchema(out.properties) && out.additionalProperties === undefined && !out['x-kubernetes-preserve-unknown-fields']) {
    out.additionalProperties = false;
  }
  return out;
}

/** kubeconform's file name of a kind: `{{ .ResourceKind }}{{ .KindSuffix }}` (pkg/registry/registry.go). */
export function schemaFileName({ group, version, kind }: GroupVersionKind): string {
  const groupSuffix = group ? `-${group.split('.')[0].toLowerCase()}` : '';
  return `${kind.toLowerCase()}${groupSuffix}-${version.toLowerCase()}.json`;
}

/** Writes the schemas of every kind in `swagger` into `outDir`; returns how many kinds. */
export function writeSchemas(swagger: { definitions: Record<string, Schema> }, outDir: string): number {
  mkdirSync(outDir, { recursive: true });
  const definitions: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(swagger.definitions)) definitions[name] = convert(definition);
  // A quantity (`cpu: 1`, `memory: 512Mi`) is written as a number or a string.
  const quantity = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
  if (isSchema(definitions[quantity])) definitions[quantity] = { oneOf: [{ type: 'string' }, { type: 'number' }] };
  writeFileSync(join(outDir, '_definitions.json'), JSON.stringify({ definitions }));
  let kinds = 0;
  for (const [name, definition] of Object.entries(swagger.definitions)) {
    const gvks = definition['x-kubernetes-group-version-kind'] as GroupVersionKind[] | undefined;
    const converted = definitions[name];
    if (!gvks || !isSchema(converted) || !isSchema(converted.properties)) continue;
    for (const gvk of gvks) {
      const apiVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
      const properties = {
        ...converted.properties,
        kind: { type: 'string', enum: [gvk.kind] },
        apiVersion: { type: 'string', enum: [apiVersion] },
      };
      writeFileSync(join(outDir, schemaFileName(gvk)), JSON.stringify({ ...converted, properties }));
      kinds += 1;
    }
  }
  return kinds;
}

if (process.argv[1]?.endsWith('k8s-json-schemas.ts')) {
  const [swaggerPath, outDir] = process.argv.slice(2);
  if (!swaggerPath || !outDir) {
    console.error('usage: tsx scripts/k8s-json-schemas.ts <swagger.json> <output dir>');
    process.exit(2);
  }
  const swagger = JSON.parse(readFileSync(swaggerPath, 'utf8')) as { definitions: Record<string, Schema> };
  console.error(`${writeSchemas(swagger, outDir)} kinds written to ${outDir}`);
}
