# syntax=docker/dockerfile:1
# Opinion Labz site: build with the dev toolchain, run with production dependencies only.
#   docker build -t opinion-labz .
#   docker run --stop-timeout 15 -e PARTICIPANTS_CSV_URL=https://… -p 3000:3000 opinion-labz
# `npm run test:container` builds and runs this file for real (docs/operations.md).

# The toolchain compiles on Node 24.18.1 and the runtime runs 24.21.0, one ABI (Node 24's
# module version 137). Headers from 24.19.0 on make node::ObjectWrap's destructor remove an
# environment cleanup hook, which aborts the process when V8 collects a better-sqlite3 statement
# outside a JavaScript context (docs/decisions/036-native-module-built-on-node-24-18-1.md).
FROM node:24.18.1-bookworm-slim AS toolchain
# better-sqlite3 (the embedded database) compiles its native module with node-gyp: Python,
# make and a C++ compiler, against this stage's own Node headers. Built from source, not a
# prebuilt binary fetched from GitHub: the build needs nothing but Debian and the npm registry.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_build_from_source=true \
    npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./

FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY remix.config.js remix.env.d.ts tailwind.config.ts tsconfig.json ./
COPY app ./app
COPY public ./public
COPY other ./other
RUN npm run build

# Production dependencies, compiled where the compiler is; the runtime stage gets only the result.
# --omit=optional keeps out what is optional in production: TypeScript, an optional peer of
# @remix-run/* (23 MB), and TextEncoder/fsevents polyfills Node 24 on Linux never loads.
FROM toolchain AS production-dependencies
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund

# Node 24 LTS (maintained until April 2028), one exact release; CI also runs the server tests
# on it (.ci/run).
FROM node:24.21.0-bookworm-slim AS runtime
WORKDIR /app
# The heap ceiling keeps memory flat under load; two copies of a 20 MB sheet still fit.
# RUNS_IN_IMAGE: whoever reads this container's log is not who signed up, so without SMTP_URL
# mail waits in the outbox instead of being printed there (docs/operations.md, "Mail").
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=512 \
    PORT=3000 \
    RUNS_IN_IMAGE=1
COPY package.json package-lock.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
# The server build, the browser assets and the static files remix-serve serves from ./public.
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY serve.js ./
# Served when PARTICIPANTS_CSV_URL is unset (read from process.cwd(), i.e. /app).
COPY app/lib/participants/sample-sheet.csv ./app/lib/participants/sample-sheet.csv
# Everything above stays owned by root: the app can read its code but not change it. The
# embedded database lives in /app/data (DATA_DIR's default, relative to /app), the one place
# uid 1000 writes; a volume, so it outlives the container (docs/operations.md, "Data").
RUN mkdir /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# remix-serve through serve.js, which keeps `q` out of the access log (same as `npm run serve`,
# without npm in between so SIGTERM reaches it).
CMD ["node", "serve.js", "./build/index.js"]
