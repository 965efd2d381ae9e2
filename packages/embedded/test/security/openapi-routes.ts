/** One operation of the merged OpenAPI at `/api/docs/json`. */
export interface ApiRoute {
  method: string;
  /** OpenAPI path, e.g. `/api/companies/{id}`. */
  path: string;
  /** `METHOD /path`, the key of the authorization matrix. */
  key: string;
  hasJsonBody: boolean;
  /** Top-level property names of the JSON body schema (fuzzed with wrong values). */
  bodyFields: string[];
  queryParams: string[];
  pathParams: string[];
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: Array<{ in: string; name: string }>;
}

/** Every operation the gateway's merged OpenAPI lists. */
export async function loadApiRoutes(baseUrl: string): Promise<ApiRoute[]> {
  const doc = (await (await fetch(new URL('/api/docs/json', baseUrl))).json()) as { paths: Record<string, Record<string, Operation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      const jsonBody = op.requestBody?.content?.['application/json'];
      routes.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        hasJsonBody: Boolean(jsonBody),
        bodyFields: Object.keys(jsonBody?.schema?.properties ?? {}),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}
