#!/usr/bin/env bash
# Installs the system packages the tests need when missing (CI is a fresh
# machine with Node and npm only; we are root there). Each tool is optional to
# the packages that do not use it; this script only makes them available.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/postgres ] || ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/bin/redis-server ] || need+=(redis-server)
# CJK glyphs for the zh / ja screenshots (issue 20): without a CJK font Chromium draws boxes.
fc-list 2>/dev/null | grep -qi 'wqy\|noto.*cjk' || need+=(fonts-wqy-zenhei)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing with apt: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" fonts-dejavu-core >/dev/null
fi
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo missing)"
echo "redis: $(/usr/bin/redis-server --version 2>/dev/null || echo missing)"
echo "postgres: $(ls /usr/lib/postgresql/*/bin/postgres 2>/dev/null | head -1 || echo missing)"
