#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (tests/support/browser.ts); test tools never download a browser.
# Installs it when it is missing and this runs as root (as CI does); otherwise says how.
set -euo pipefail
chromium=/usr/bin/chromium
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing at $chromium: installing Debian's (apt-get install chromium) for the browser tests."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $chromium. Install it as root: apt-get install -y chromium" >&2
exit 1
