import { serviceNames, type ServiceName } from '@limo/platform';

interface OpenApiDoc {
  openapi?: string;
  paths?: Record<string, unknown>;
  tags?: Array<{ name: string }>;
  components?: { schemas?: Record<string, unknown> };
}

/** One OpenAPI document for the whole `/api`, merged from every service's `/openapi.json`. */
export class MergedOpenApi {
  private doc: OpenApiDoc = this.merge([]);
  private fetchedAt = 0;

  constructor(private readonly urls: Record<ServiceName, string>) {}

  current(): OpenApiDoc {
    return this.doc;
  }

  /** Refetches the services' documents when the merged one is older than 30 s. */
  async refresh(): Promise<void> {
    if (Date.now() - this.fetchedAt < 30_000) return;
    const docs = await Promise.all(
      serviceNames.map(async (name) => {
        try {
          const res = await fetch(`${this.urls[name]}/openapi.json`, { signal: AbortSignal.timeout(2000) });
          return res.ok ? ((await res.json()) as OpenApiDoc) : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    this.doc = this.merge(docs.filter((d): d is OpenApiDoc => d !== undefined));
    this.fetchedAt = Date.now();
  }

  private merge(docs: OpenApiDoc[]): OpenApiDoc {
    const merged = {
      openapi: '3.0.3',
      info: { title: 'LimoDirectory API', version: '1.0.0', description: 'Every /api route, as each service declares it.' },
      paths: {} as Record<string, unknown>,
      tags: [] as Array<{ name: string }>,
      components: { schemas: {} as Record<string, unknown> },
    };
    for (const d of docs) {
      Object.assign(merged.paths, d.paths);
      Object.assign(merged.components.schemas, d.components?.schemas);
      for (const t of d.tags ?? []) if (!merged.tags.some((x) => x.name === t.name)) merged.tags.push(t);
    }
    return merged;
  }
}
