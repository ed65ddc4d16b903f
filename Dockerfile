# syntax=docker/dockerfile:1
# Build stage: sqlite3 compiles here when no prebuilt binary can be fetched. The chart canvas
# (@napi-rs/canvas) ships Skia inside its npm package and needs no system library.
FROM node:24-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bin ./bin
COPY assets ./assets
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund && npm prune --omit=dev

# Runtime stage: no compilers and no graphics libraries; curl for the health check; bubblewrap,
# socat and Debian's Python with pandas, numpy and matplotlib for execute_sandboxed_code (it needs
# user namespaces: run the container with a seccomp profile that allows them, see README.md).
FROM node:24-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl bubblewrap socat python3-pandas python3-numpy python3-matplotlib \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system datathread && useradd --system --gid datathread --home /app datathread \
 && mkdir -p /data && chown datathread:datathread /data
WORKDIR /app
COPY --from=build --chown=datathread:datathread /app/node_modules ./node_modules
COPY --from=build --chown=datathread:datathread /app/dist ./dist
COPY --from=build --chown=datathread:datathread /app/bin ./bin
COPY --from=build --chown=datathread:datathread /app/assets ./assets
COPY --chown=datathread:datathread package.json ./
# The starter evaluation cases, so `datathread eval` in the container has its default set.
COPY --chown=datathread:datathread evals ./evals
# More libuv threads than the default 4, so several long DuckDB or SQLite warehouse queries run at
# once while threads stay free for the state store (README, UV_THREADPOOL_SIZE).
ENV NODE_ENV=production \
    PORT=3978 \
    UV_THREADPOOL_SIZE=16 \
    DATATHREAD_STATE=sqlite:/data/state.db
# Mount your datathread.yaml at /app/datathread.yaml (without one, the demo warehouse is used).
VOLUME ["/data"]
USER datathread
EXPOSE 3978
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORT}/healthz" || exit 1
CMD ["node", "dist/src/main.js"]
