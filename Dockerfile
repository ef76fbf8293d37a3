# Atende: one Deno process per instance (API, WebSockets, jobs, the built web app).
# Single instance (the default): the libSQL database is a file on the /data volume.
# Fleet (several instances/regions, ARCHITECTURE.md "Several instances"): the same image with
# REDIS_URL, DATABASE_URL=file:/data/replica.db (an embedded replica on the volume),
# DATABASE_SYNC_URL=libsql://primary… and DATABASE_AUTH_TOKEN, all given as secrets.
FROM denoland/deno:debian-2.9.6

# The image's unprivileged user (uid 1993) owns the app, its caches and the data volume.
ENV DENO_DIR=/deno-dir DATA_DIR=/data PORT=8080
WORKDIR /app
RUN mkdir -p /data && chown -R deno:deno /app /data /deno-dir
USER deno

COPY --chown=deno:deno deno.json deno.lock ./
RUN deno install --frozen
COPY --chown=deno:deno . .
# The web app is built into dist/ inside the image; the server is type-checked and cached.
RUN deno task build && deno check server/main.ts && deno cache server/main.ts server/tools/migrate.ts

VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD deno eval "const r = await fetch('http://127.0.0.1:' + (Deno.env.get('PORT') ?? '8080') + '/api/health'); Deno.exit(r.ok ? 0 : 1)"
# node_modules is complete after `deno install --frozen`: "manual" keeps deno from re-checking it
# at every start (with the config's "auto" that check was most of a cold start, bench/README).
CMD ["deno", "run", "-A", "--node-modules-dir=manual", "server/main.ts"]
