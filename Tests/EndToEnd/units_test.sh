#!/usr/bin/env bash
# Checks what scripts/install lays out for a packager, and the systemd units in it, with
# systemd's own tools (no systemd needs to run as PID 1):
#
#   - scripts/install --no-build --prefix /usr --destdir TMP stages a tree a package could ship;
#   - `systemd-analyze verify` loads both installed units with no warning or error, inside a
#     root made of that tree (so ExecStart= must name the installed navd);
#   - `systemd-analyze security --offline=true` rates navd.service at most 2.5 ("OK" or better);
#   - and the same checks fail on units broken on purpose, so a pass means something.
#
# Prints one "ok - …" or "not ok - …" line per check and exits 1 when any fails.
#
# Usage: Tests/EndToEnd/units_test.sh BIN_DIR   (a directory holding built navd and navctl)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: Tests/EndToEnd/units_test.sh BIN_DIR (a directory with navd and navctl)" >&2
  exit 2
fi
bin_dir="$(cd "$1" && pwd)"
for tool in systemd-analyze install find cmp; do
  command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 2; }
done

# The space in the name is on purpose: the install script must quote every path.
work="$(mktemp -d "${TMPDIR:-/tmp}/navd units.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT
# Plain output to parse: no colors, no pager, no hyperlinks, English numbers.
export SYSTEMD_COLORS=0 SYSTEMD_PAGER=cat SYSTEMD_URLIFY=0 LC_ALL=C.UTF-8

# The highest exposure navd.service may have: systemd calls 2.5 and below "OK" (or better).
maximum_exposure=2.5

failures=0
# pass NAME: reports a check that passed.
pass() { echo "ok - $1"; }
# fail NAME [DETAILS]: reports a check that failed, with DETAILS indented below it.
fail() {
  failures=$((failures + 1))
  echo "not ok - $1"
  if [ $# -gt 1 ] && [ -n "$2" ]; then printf '#   %s\n' "${2//$'\n'/$'\n'#   }"; fi
}
# check NAME COMMAND…: passes when COMMAND succeeds; its output is shown when it does not.
check() {
  local name="$1" output
  shift
  if output="$("$@" 2>&1)"; then pass "$name"; else fail "$name" "$output"; fi
}

# --- (a) install, as a Debian packager would ---------------------------------------------------

dest="$work/dest dir"
if output="$(NAVD_BIN_DIR="$bin_dir" scripts/install --no-build --prefix /usr \
  --destdir "$dest" 2>&1)"; then
  pass "scripts/install --no-build --prefix /usr --destdir TMP (NAVD_BIN_DIR) succeeds"
else
  fail "scripts/install --no-build --prefix /usr --destdir TMP (NAVD_BIN_DIR) succeeds" "$output"
  echo "stopping: the other checks need the installed tree"
  exit 1
fi

unknown_option_refused() {
  local output
  if output="$(scripts/install --destdir "$work/unused" --no-such-option 2>&1)"; then
    echo "scripts/install accepted --no-such-option"
    return 1
  fi
  grep -q "unknown option '--no-such-option'" <<<"$output" || { echo "$output"; return 1; }
}
check "scripts/install refuses an unknown option with a clear error" unknown_option_refused

# --- (b) the tree a package would ship ---------------------------------------------------------

units="$dest/usr/lib/systemd/system"

only_etc_and_usr() {
  local top
  top="$(cd "$dest" && find . -mindepth 1 -maxdepth 1 -printf '%P\n' | sort | tr '\n' ' ')"
  [ "$top" = "etc usr " ] || { echo "top-level entries: $top(expected: etc usr)"; return 1; }
}
check "the tree holds only etc/ and usr/" only_etc_and_usr

programs_installed() {
  local program
  for program in navd navctl; do
    if [ ! -f "$dest/usr/bin/$program" ] || [ ! -x "$dest/usr/bin/$program" ]; then
      echo "usr/bin/$program is missing or not executable"
      return 1
    fi
    cmp "$bin_dir/$program" "$dest/usr/bin/$program" || return 1
  done
}
check "usr/bin/navd and usr/bin/navctl are the built programs, executable" programs_installed

units_installed() {
  local unit mode
  for unit in navd.service navd.socket; do
    [ -f "$units/$unit" ] || { echo "usr/lib/systemd/system/$unit is missing"; return 1; }
    mode="$(stat -c %a "$units/$unit")"
    [ "$mode" = 644 ] || { echo "$unit has mode $mode, not 644"; return 1; }
    if grep -n '@[a-z]*@' "$units/$unit"; then
      echo "$unit still has a placeholder"
      return 1
    fi
  done
  grep -qx 'ExecStart=/usr/bin/navd\( .*\)\{0,1\}' "$units/navd.service" \
    || { grep -n '^ExecStart=' "$units/navd.service"; echo "ExecStart= is not /usr/bin/navd"; \
      return 1; }
}
check "usr/lib/systemd/system/navd.{service,socket}: 0644, @bindir@ set to /usr/bin" \
  units_installed

sysusers_installed() {
  local file="$dest/usr/lib/sysusers.d/navd.conf"
  [ -f "$file" ] || { echo "usr/lib/sysusers.d/navd.conf is missing"; return 1; }
  grep -Eq '^g[[:space:]]+navd[[:space:]]' "$file" || { echo "no 'g navd' line:"; cat "$file"; \
    return 1; }
}
check "usr/lib/sysusers.d/navd.conf creates the navd group" sysusers_installed

configuration_installed() {
  [ -f "$dest/etc/navd/navd.conf.example" ] || { echo "etc/navd/navd.conf.example is missing"; \
    return 1; }
  if [ -e "$dest/etc/navd/navd.conf" ]; then
    echo "etc/navd/navd.conf was installed; only the example may be"
    return 1
  fi
}
check "etc/navd/navd.conf.example is installed, navd.conf is not" configuration_installed

# The example must be a configuration navd accepts, every key and value of it. Its allow-group
# names the group sysusers creates, which this machine may lack: root stands in for it.
example_accepted() {
  local copy="$work/navd.conf"
  sed 's/^allow-group navd$/allow-group root/' "$dest/etc/navd/navd.conf.example" >"$copy"
  grep -q '^allow-group root$' "$copy" || { echo "the example has no 'allow-group navd'"; return 1; }
  "$dest/usr/bin/navd" --config "$copy" --check-config
}
check "navd --check-config accepts etc/navd/navd.conf.example" example_accepted

scenarios_installed() {
  local expected actual
  expected="$(cd scenarios && find . -type f -name '*.lua' | sort)"
  actual="$(cd "$dest/usr/share/navd/scenarios" && find . -type f -name '*.lua' | sort)"
  [ -n "$expected" ] || { echo "the repository has no scenarios/*.lua"; return 1; }
  [ "$expected" = "$actual" ] || { diff <(echo "$expected") <(echo "$actual"); return 1; }
  echo "$(wc -l <<<"$actual") scenario file(s)"
}
if output="$(scenarios_installed 2>&1)"; then
  pass "usr/share/navd/scenarios/ holds every scenarios/**.lua ($output)"
else
  fail "usr/share/navd/scenarios/ holds every scenarios/**.lua" "$output"
fi

# The remote Lua client where Debian's standalone lua5.4 finds it: loaded from there, with the
# staging tree standing in for / on its path.
lua_client_installed() {
  cmp lua/navd/client.lua "$dest/usr/share/lua/5.4/navd/client.lua" || return 1
  LUA_PATH="$dest/usr/share/lua/5.4/?.lua;;" lua5.4 -e \
    'local c = require("navd.client"); assert(c.connect and c.launch and c.spawn); print(package.searchpath("navd.client", package.path))'
}
check "usr/share/lua/5.4/navd/client.lua is installed and require()s" lua_client_installed

check "usr/share/doc/navd/README.md is installed" test -f "$dest/usr/share/doc/navd/README.md"

# The manual pages render with man's own formatter without a warning, and name the subcommands.
man_page_renders() {
  local page="$1" text
  text="$(zcat "$dest/usr/share/man/$page" | groff -man -Tutf8 -ww 2>&1 >/dev/null)" || return 1
  [ -z "$text" ] || { echo "groff warned: $text"; return 1; }
  zcat "$dest/usr/share/man/$page" | groff -man -Tutf8 2>/dev/null | grep -q "serve" \
    || { echo "$page does not mention serve"; return 1; }
}
check "man8/navd.8.gz is installed and renders cleanly" man_page_renders man8/navd.8.gz
check "man1/navctl.1.gz is installed and renders cleanly" man_page_renders man1/navctl.1.gz
completion_loads() {
  bash -n "$dest/usr/share/bash-completion/completions/navctl" || return 1
  bash -c "source '$dest/usr/share/bash-completion/completions/navctl'
    COMP_WORDS=(navctl wat); COMP_CWORD=1; _navctl_complete; [ \"\${COMPREPLY[*]}\" = watch ]" \
    || { echo "completing 'navctl wat' did not give watch"; return 1; }
  test -s "$dest/usr/share/zsh/vendor-completions/_navctl"
}
check "the bash and zsh completions are installed, and bash completes a command" completion_loads

keeps_admin_configuration() {
  printf '# the admin wrote this\nsession main=app\n' >"$dest/etc/navd/navd.conf"
  NAVD_BIN_DIR="$bin_dir" scripts/install --no-build --prefix /usr --destdir "$dest" >/dev/null \
    || return 1
  grep -q 'the admin wrote this' "$dest/etc/navd/navd.conf" \
    || { echo "etc/navd/navd.conf was overwritten"; return 1; }
  rm "$dest/etc/navd/navd.conf"
}
check "re-installing over the tree works and keeps an existing etc/navd/navd.conf" \
  keeps_admin_configuration

# --- (c) systemd-sysusers and systemd-analyze verify, in a root made of the installed tree ---

# make_root TREE ROOT [UNIT_DIR]: ROOT is a system with TREE installed: TREE's files, this host's
# unit files (the units need sysinit.target and the like) and the host commands the units call
# that are not navd's own (ExecReload=/bin/kill), found in navd's units in UNIT_DIR (default
# /usr/lib/systemd/system). navd and navctl come only from TREE, so an ExecStart= that does not
# name the installed navd fails verification.
make_root() {
  local tree="$1" root="$2" unit_dir="${3:-/usr/lib/systemd/system}" host_units command
  mkdir -p "$root"
  cp -a "$tree/." "$root/"
  for host_units in /usr/lib/systemd/system /lib/systemd/system; do
    [ -d "$host_units" ] || continue
    mkdir -p "$root/usr/lib/systemd/system"
    cp -an "$host_units/." "$root/usr/lib/systemd/system/"
    break
  done
  sed -n 's/^Exec[A-Za-z]*=[-@:+!]*"\{0,1\}\([^" ]*\).*/\1/p' \
    "$root$unit_dir/navd.service" "$root$unit_dir/navd.socket" \
    | sort -u | while IFS= read -r command; do
      case "$command" in
        */navd | */navctl) continue ;;
      esac
      if [ ! -e "$root$command" ] && [ -x "$command" ]; then
        install -D -m 0755 "$command" "$root$command"
      fi
    done
}

# verify ROOT: systemd-analyze verify on the units installed in ROOT. Prints its output; fails
# when it exits non-zero or prints anything (it reports unknown keys but still exits 0).
verify() {
  local output status=0
  output="$(systemd-analyze verify --root="$1" navd.service navd.socket 2>&1)" || status=$?
  [ -z "$output" ] || echo "$output"
  [ "$status" -eq 0 ] && [ -z "$output" ]
}

root="$work/root"
make_root "$dest" "$root"

# systemd-sysusers reads the installed snippet as the package's postinst would, writing etc/group
# in a copy of the tree of its own (its gshadow is unreadable, so no other root gets it): it must
# create the group and say nothing else (no warnings).
sysusers_creates_group() {
  local output users_root="$work/users root"
  cp -a "$dest/." "$users_root/"
  output="$(systemd-sysusers --root="$users_root" 2>&1)" || { echo "$output"; return 1; }
  if grep -v "^Creating group 'navd' with GID [0-9]*\.$" <<<"$output" | grep .; then
    return 1
  fi
  grep -q '^navd:' "$users_root/etc/group" || { echo "no navd group in etc/group"; return 1; }
}
if command -v systemd-sysusers >/dev/null; then
  check "systemd-sysusers --root=TMP creates the navd group, with no warning" \
    sysusers_creates_group
else
  fail "systemd-sysusers --root=TMP creates the navd group" "systemd-sysusers is not installed"
fi

check "systemd-analyze verify --root=TMP navd.service navd.socket: no warning, no error" \
  verify "$root"

# --- (d) systemd-analyze security --------------------------------------------------------------

# exposure ROOT: navd.service's overall exposure in ROOT, as systemd prints it (0.0 to 10.0).
exposure() {
  systemd-analyze security --offline=true --root="$1" navd.service 2>&1 \
    | sed -n 's/.*Overall exposure level for navd\.service: *\([0-9][0-9.]*\).*/\1/p'
}
at_most() { awk -v value="$1" -v limit="$2" 'BEGIN { exit !(value + 0 <= limit + 0) }'; }

level="$(exposure "$root")"
if [ -z "$level" ]; then
  fail "systemd-analyze security --offline=true rates navd.service" \
    "$(systemd-analyze security --offline=true --root="$root" navd.service 2>&1 | tail -5)"
elif at_most "$level" "$maximum_exposure"; then
  pass "systemd-analyze security --offline=true: navd.service exposure $level <= \
$maximum_exposure"
else
  fail "systemd-analyze security --offline=true: navd.service exposure $level <= \
$maximum_exposure" \
    "$(systemd-analyze security --offline=true --root="$root" navd.service 2>&1 | grep '✗')"
fi

# --- (e) the same checks fail on broken units --------------------------------------------------

# A copy of the root whose navd.service SCRIPT (a sed script) has changed.
broken_root() {
  local name="$1" script="$2"
  cp -a "$root" "$work/$name"
  sed -i "$script" "$work/$name/usr/lib/systemd/system/navd.service"
  echo "$work/$name"
}

# expect_verify_failure ROOT PATTERN: verify must fail, reporting PATTERN.
expect_verify_failure() {
  local output
  if output="$(verify "$1")"; then
    echo "verify passed"
    return 1
  fi
  grep -q -- "$2" <<<"$output" || { echo "verify failed without mentioning $2:"; echo "$output"; \
    return 1; }
}

check "verify reports an unknown key (Typo=1 in [Service])" \
  expect_verify_failure "$(broken_root typo '/^\[Service\]/a Typo=1')" "Unknown key 'Typo'"

missing="$(broken_root missing '')"
rm "$missing/usr/bin/navd"
check "verify reports an ExecStart= whose navd is not installed" \
  expect_verify_failure "$missing" "/usr/bin/navd is not executable"

# Without the [Service] hardening (everything after ExecStart= up to [Install]), the rating must
# go over the limit, or the check above proves nothing.
weak="$(broken_root weak '/^ExecStart=/,/^\[Install\]/{/^ExecStart=/b;/^\[Install\]/b;d}')"
weak_level="$(exposure "$weak")"
if [ -n "$weak_level" ] && ! at_most "$weak_level" "$maximum_exposure"; then
  pass "an unhardened navd.service rates over $maximum_exposure (exposure $weak_level)"
else
  fail "an unhardened navd.service rates over $maximum_exposure" "exposure: '$weak_level'"
fi

# --- paths with spaces and % in them -----------------------------------------------------------

# A prefix with a space and a `%` (a systemd specifier) must still give a unit whose ExecStart=
# runs the installed navd. Its units are not in a unit directory of the root, so they are
# verified from /etc/systemd/system, where an admin's copies would go.
odd_prefix() {
  local prefix="/opt/navd 1%" tree="$work/odd tree" odd_root="$work/odd root"
  scripts/install --bin-dir-from "$bin_dir" --prefix "$prefix" --destdir "$tree" >/dev/null \
    || return 1
  make_root "$tree" "$odd_root" "$prefix/lib/systemd/system"
  mkdir -p "$odd_root/etc/systemd/system"
  cp "$odd_root$prefix/lib/systemd/system/"navd.* "$odd_root/etc/systemd/system/"
  grep -n '^ExecStart=' "$odd_root/etc/systemd/system/navd.service"
  verify "$odd_root" || return 1
  rm "$odd_root$prefix/bin/navd"
  verify "$odd_root" >/dev/null && { echo "verify passed without $prefix/bin/navd"; return 1; }
  return 0
}
check "--prefix '/opt/navd 1%' gives units that verify and run the installed navd" odd_prefix

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
