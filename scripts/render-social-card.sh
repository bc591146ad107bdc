#!/usr/bin/env bash
# Usage: bash scripts/render-social-card.sh — renders scripts/social-card.svg to static/img/social-card.png (1200x630) with Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --hide-scrollbars --window-size=1200,630 \
  --screenshot=static/img/social-card.png "file://$PWD/scripts/social-card.svg"
