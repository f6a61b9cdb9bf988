#!/usr/bin/env bash
# Installs, builds and starts every demo site on one server (PORT, default 3000), printing their addresses.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "==> Installing npm packages"
npm install --no-audit --no-fund --loglevel=error
echo "==> Building"
npm run build --silent
echo "==> Starting"
# React's production build (the development build is about 2.5x slower). Production takes the links in mail from
# configuration only: here the editor and the demo sites on this machine.
port="${PORT:-3000}"
export EDITOR_PUBLIC_URL="${EDITOR_PUBLIC_URL:-http://localhost:${port}}"
sites="http://{slug}.localhost:${port}"
export SITE_URL_TEMPLATE="${SITE_URL_TEMPLATE:-$sites}"
NODE_ENV=production exec node dist/server/main.js
