# syntax=docker/dockerfile:1
# Opinion Labz site: build with the dev toolchain, run with production dependencies only.
#   docker build -t opinion-labz .
#   docker run -e PARTICIPANTS_CSV_URL=https://… -p 3000:3000 opinion-labz

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY remix.config.js remix.env.d.ts tailwind.config.ts tsconfig.json ./
COPY app ./app
COPY public ./public
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# The heap ceiling keeps memory flat under load; two copies of a 20 MB sheet still fit.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=512 \
    PORT=3000
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server build, the browser assets and the static files remix-serve serves from ./public.
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# Served when PARTICIPANTS_CSV_URL is unset (read from process.cwd(), i.e. /app).
COPY app/lib/participants/sample-sheet.csv ./app/lib/participants/sample-sheet.csv
# Everything above stays owned by root: the app can read its code but not change it.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# remix-serve, run directly (same as `npm run serve`, without npm in between so SIGTERM reaches it).
CMD ["node", "node_modules/@remix-run/serve/dist/cli.js", "./build/index.js"]
