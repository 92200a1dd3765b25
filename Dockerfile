# syntax=docker/dockerfile:1
# Production image (docs/ops/scaling.md): build everything in one stage, run with only the
# production dependencies, the built web apps and the server's sources, as a non-root user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/backoffice/package.json apps/backoffice/
COPY packages/money/package.json packages/money/
COPY packages/contracts/package.json packages/contracts/
COPY packages/games/package.json packages/games/
COPY packages/ui/package.json packages/ui/
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
# The server runs from TypeScript through tsx, a production dependency of the server.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Readiness, not liveness: a draining or database-less instance reports 503 (decision 0128).
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains: the orchestrator's stop grace period must exceed SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
# Node itself is PID 1's child of no shell: the SIGTERM reaches the server, not npm.
WORKDIR /app/apps/server
CMD ["node", "--no-allocation-site-pretenuring", "--import", "tsx", "src/main.ts"]
