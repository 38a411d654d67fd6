# Shared by scripts/test and scripts/run: puts the toolchain on PATH and installs the Debian
# packages navd needs when they are missing. Source it; do not run it.
#
# Why each package is needed is in README.md ("What gets installed").

# The Debian packages navd builds and tests with. Later capabilities add to this list.
# pkg-config finds Lua; liblua5.4-dev is the Lua 5.4 the scripting layer embeds.
# python3 runs the daemon's end-to-end tests (standard library only).
# redis-server and redis-tools (redis-benchmark) are navbench's peer for the control socket: the
# bench starts Redis on a temporary Unix socket and times it beside navd (docs/performance.md, 5).
# systemd provides systemd-analyze (verify, security) and systemd-socket-activate for the tests of
# the units and of socket activation; util-linux's setpriv runs a client as another user.
# graphviz (dot) draws the module graph, docs/architecture/modules.svg (scripts/module-graph), and
# the screen graph `explore` writes (graph.svg).
# libedit-dev is navctl attach's line editing and history (libedit's readline interface).
# groff-base renders the manual pages the programs make (`navd man`), which the tests check.
# lua5.4, lua-busted, lua-socket and lua-dkjson run the remote Lua client (lua/navd/client.lua)
# and its specs under plain busted (scripts/test-lua-client): a standalone Lua's socket.unix and
# JSON.
# python3-yaml and python3-junitparser check the example app's CI files: the YAML parses, and the
# shards' JUnit reports merge as the workflows merge them (Tests/EndToEnd/ci_examples_test.py).
# libmicrohttpd-dev is the HTTP server of the inspector (`navctl inspect`), which serves a session
# to a browser on loopback: GNU's, small, in Debian, with Server-Sent Events through its
# callback responses. chromium, chromium-driver and python3-selenium run the inspector's page in a
# real headless browser (Tests/EndToEnd/inspector_browser_test.py).
# libxml2-dev: `test --split-by-timings` reads JUnit with Foundation's XMLParser (FoundationXML),
# which is libxml2; the static link of scripts/install needs its development files.
NAVD_DEBIAN_PACKAGES=(
  pkg-config liblua5.4-dev python3 redis-server redis-tools systemd util-linux graphviz
  libedit-dev groff-base lua5.4 lua-busted lua-socket lua-dkjson libxml2-dev
  python3-yaml python3-junitparser libmicrohttpd-dev chromium chromium-driver python3-selenium
)

navd_log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# Puts Swift on PATH, or explains where it is expected.
navd_ensure_toolchain() {
  if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
  fi
  if ! command -v swift >/dev/null 2>&1; then
    echo "error: no Swift toolchain: install Swift 6.x (expected at /opt/swift/usr/bin)." >&2
    return 1
  fi
}

# Installs the missing packages of NAVD_DEBIAN_PACKAGES with apt-get (as root, or through sudo).
navd_ensure_packages() {
  local missing=()
  local package
  for package in "${NAVD_DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  navd_log "Installing missing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}
