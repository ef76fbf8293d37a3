# Atende: one Deno process (API, WebSockets, jobs, web app) with embedded libSQL under /data.
FROM denoland/deno:debian-2.9.6
WORKDIR /app
COPY deno.json deno.lock ./
RUN deno install --frozen
COPY . .
RUN deno task build && deno check server/main.ts
ENV DATA_DIR=/data PORT=8080
VOLUME /data
EXPOSE 8080
CMD ["deno", "run", "-A", "server/main.ts"]
