# syntax=docker/dockerfile:1
# The app + API server, as `npm start` runs it: the built client served by the Fastify server. Multi-stage: the
# build tools stay in the build stages, the runtime image has production dependencies only and runs as `node`.
#
#   docker build -t partenaires .
#   docker run -p 3000:3000 -v partenaires-data:/app/data partenaires          # embedded database (PGlite)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… partenaires          # PostgreSQL
# Several instances behind nginx on PostgreSQL: deploy/compose.yaml.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the `node` package's preinstall would download a second Node 24 (the image has one), and
# it is removed so npm scripts and npx use the image's Node. esbuild's postinstall (tsx, vite) is run alone.
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/.bin/node \
 && npm rebuild esbuild

FROM deps AS build
COPY . .
RUN npx vite build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/.bin/node \
 && npm rebuild esbuild \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY contract ./contract
COPY server ./server
# backup, restore and mails (npm run …) work inside the container too.
COPY scripts/backup.ts scripts/restore.ts scripts/mails.ts ./scripts/
RUN rm -rf server/test \
 && mkdir -p /app/data \
 && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Readiness, not liveness: 503 while the database is unreachable or the instance drains after SIGTERM, so an
# orchestrator stops routing to it. Node's fetch: the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains for DRAIN_SECONDS, then closes: give it more than that (compose: stop_grace_period).
CMD ["node", "--import", "tsx", "server/main.ts"]
