# The dealer-site server as a container: built in one stage, run from a slim image as a non-root user with production
# dependencies only. See docs/operations.md#production-recipe for the environment it needs and the compose topology
# (deploy/compose.yaml). Build: docker build -t dealer-sites .
# Node 24 LTS: the unit tests run on it in CI (tools/ci/node-versions.sh); Node 20 reached its end of life in April 2026.
ARG NODE_VERSION=24.22.3

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm install, not npm ci: npm 11 writes lock files without other platforms' optional packages, which npm ci refuses.
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf e2e a11y docs tools/bench test-results

FROM node:${NODE_VERSION}-bookworm-slim
# The caches live under data/, which the user owns: validated tenant documents (a start with unchanged documents reads
# them instead of validating each again) and the generated demo stock.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    TENANT_CACHE_DIR=/app/data/tenant-cache \
    INVENTORY_CACHE_DIR=/app/data/demo-stock
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# data/ holds the SQLite files and uploads of a single-process install; with DATABASE_URL and S3 it stays empty.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "require('http').get({host:'127.0.0.1',port:process.env.PORT,path:'/readyz'},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
