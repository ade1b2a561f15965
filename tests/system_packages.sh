#!/usr/bin/env bash
# What `make test` needs from the system, installed when missing: Debian's chromium (the
# review page's browser tests) and Debian's postgresql server binaries (the tests start
# their own throwaway cluster from them; tests/pgcluster.py). Needs root for apt-get; when
# a package cannot be installed it prints one line and the tests that need it fail saying so.
set -u

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
have_server=no
for dir in "$(pg_config --bindir 2>/dev/null)" /usr/lib/postgresql/*/bin; do
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
    have_server=yes
  fi
done
[ "$have_server" = yes ] || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "make test: cannot install ${missing[*]} (needs root and apt-get); the tests needing them will fail"
  exit 0
fi
echo "make test: installing Debian's ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true  # a stale index may still hold the packages
if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  echo "make test: apt-get install ${missing[*]} failed; the tests needing them will fail"
fi
exit 0
