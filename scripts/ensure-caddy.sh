#!/usr/bin/env bash
# The three-instance setup (scripts/cluster.sh, the cluster test) puts
# Debian's Caddy in front; install it when it is missing.
set -euo pipefail
if command -v caddy >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Caddy from Debian's packages..."
sudo=""
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq caddy >/dev/null
# The package's own service (a default site on :80) is not the shop's.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet caddy 2>/dev/null; then
  $sudo systemctl disable --now caddy || true
fi
caddy version
