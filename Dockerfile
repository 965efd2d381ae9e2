# syntax=docker/dockerfile:1
# One image for every service (docker-compose.yml picks the service by its command):
#   docker build -t limodirectory-app .
#   docker run --rm -e PROFILE=distributed ... limodirectory-app node services/directory/dist/main.js
#
# build: the whole workspace installed and built (TypeScript, the web app), then dev dependencies pruned.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first, so `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY packages/ports/analytics-store/package.json packages/ports/analytics-store/
COPY packages/ports/company-search/package.json packages/ports/company-search/
COPY packages/engines/clickhouse/package.json packages/engines/clickhouse/
COPY packages/engines/elasticsearch/package.json packages/engines/elasticsearch/
COPY packages/engines/kafka/package.json packages/engines/kafka/
COPY packages/engines/mongo/package.json packages/engines/mongo/
COPY packages/engines/redis/package.json packages/engines/redis/
COPY packages/engines/smtp/package.json packages/engines/smtp/
COPY packages/geo/package.json packages/geo/
COPY packages/embedded/package.json packages/embedded/
COPY services/identity/package.json services/identity/
COPY services/directory/package.json services/directory/
COPY services/quotes/package.json services/quotes/
COPY services/billing/package.json services/billing/
COPY services/analytics/package.json services/analytics/
COPY services/gateway/package.json services/gateway/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx tsc -b && npm run build -w web && npm prune --omit=dev --no-audit --no-fund

# runtime: only what runs (manifests, node_modules, every dist, the engine schemas), as the `node` user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PROFILE=distributed
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/services ./services
COPY --from=build --chown=node:node /app/web/dist ./web/dist
COPY --from=build --chown=node:node /app/web/package.json ./web/package.json
COPY --from=build --chown=node:node /app/infra/elasticsearch ./infra/elasticsearch
COPY --from=build --chown=node:node /app/infra/clickhouse ./infra/clickhouse
USER node
# Each service answers /healthz on its own port; HEALTH_PORT says which (compose sets it per service).
ENV HEALTH_PORT=8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.HEALTH_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "packages/embedded/dist/main.js"]
