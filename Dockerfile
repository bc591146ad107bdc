# syntax=docker/dockerfile:1
# The Lykta Developer Hub as a container: builds the site, precompresses it and serves it with nginx and the
# configuration of deploy/nginx (real 404s, the URL rules, cache headers, Brotli/gzip, a strict CSP).
#
#   docker build -t lykta-developer-hub .
#   docker run --rm -p 8080:80 lykta-developer-hub        # http://localhost:8080/
#
# Operator settings of docusaurus.config.ts are build arguments, e.g.
#   docker build --build-arg LYKTA_ANALYTICS_TRACKER_URL=https://stats.example/ --build-arg LYKTA_ANALYTICS_SITE_ID=7 .
# The CSP is computed from the build, so it always matches the settings the site was built with.

FROM node:22-bookworm AS build
# Debian's Chromium draws the Mermaid diagrams at build time (src/remark/mermaid-prerender); the build finds
# it where the package puts it (src/lib/chromium.mjs, the one place that says which Chromium to start).
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /site
# Dependencies first, so the layer is reused while package.json, the lock file and the patches are unchanged.
# CI=1: patch-package fails the install when a patch does not apply.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN CI=1 npm ci --no-audit --no-fund
# The whole checkout, .git included: the pages' "last updated" dates come from git history.
COPY . .
ARG LYKTA_ANALYTICS_TRACKER_URL=""
ARG LYKTA_ANALYTICS_SITE_ID=""
ARG LYKTA_COLOR_MODE=""
ARG LYKTA_COLOR_SWITCH=""
RUN npm run build \
  && node scripts/precompress.mjs build \
  && node scripts/nginx-config.mjs --root build --out /site/deploy-out/lykta.conf --port 80 --serve-root /var/www/lykta

FROM debian:bookworm-slim AS serve
# Debian's nginx 1.22 with the Brotli module for the precompressed .br files (brotli_static).
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static \
  && rm -rf /var/lib/apt/lists/* \
  && rm -f /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log \
  && ln -sf /dev/stderr /var/log/nginx/error.log
COPY --from=build /site/build /var/www/lykta
COPY --from=build /site/deploy-out/lykta.conf /etc/nginx/conf.d/lykta.conf
RUN nginx -t
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
