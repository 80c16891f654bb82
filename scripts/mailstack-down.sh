#!/usr/bin/env bash
# mailstack-down.sh — stop the mail stack started by mailstack-up.sh. Uses only the daemons' own
# stop commands and pid files (never pkill/killall). Idempotent; run as root.
# MAILSTACK_WIPE=1 also deletes all mailboxes after stopping.
set -uo pipefail

HOST=127.0.0.1
VMAIL_BASE=/var/mail/vhosts
DOMAIN=${MAILSTACK_DOMAIN:-example.test}
say()  { echo "mailstack: $*"; }
fail() { echo "mailstack: ERROR: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "must run as root"

# wait_gone PID SECONDS: wait for a process to exit
wait_gone() { local i; for ((i = 0; i < $2 * 20; i++)); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.05; done; return 1; }

# Ask both to stop first (each takes ~2 s to wind down), then wait for both.
pf_pid="" dv_kids=""
if command -v postfix >/dev/null && postfix status >/dev/null 2>&1; then
  qdir=$(postconf -h queue_directory 2>/dev/null || echo /var/spool/postfix)
  pf_pid=$(sed -n '1s/[^0-9]//gp' "$qdir/pid/master.pid" 2>/dev/null || true)
  postfix stop </dev/null >/dev/null 2>&1 || true
else
  say "postfix not running"
fi
dv_pid=$(cat /run/dovecot/master.pid 2>/dev/null || true)
if [ -n "$dv_pid" ] && kill -0 "$dv_pid" 2>/dev/null && [ "$(cat /proc/"$dv_pid"/comm 2>/dev/null)" = dovecot ]; then
  # Note the master's children now: ones serving still-connected clients
  # (imap, imap-login, plus anvil/stats) outlive the master otherwise.
  dv_kids=$(awk -v pp="$dv_pid" '$4 == pp {print $1}' /proc/[0-9]*/stat 2>/dev/null || true)
  kill -TERM "$dv_pid"            # what `doveadm stop` does, without blocking
else
  say "dovecot not running"; dv_pid=""
fi

if [ -n "$pf_pid" ]; then
  if ! wait_gone "$pf_pid" 15; then
    say "postfix master $pf_pid still there; postfix abort"
    postfix abort </dev/null >/dev/null 2>&1 || true
    wait_gone "$pf_pid" 5 || fail "postfix master (pid $pf_pid) will not stop"
  fi
  say "postfix stopped"
fi
if [ -n "$dv_pid" ]; then
  if ! wait_gone "$dv_pid" 15; then
    say "dovecot master $dv_pid still there; SIGKILL to that pid"
    kill -KILL "$dv_pid" 2>/dev/null || true
    wait_gone "$dv_pid" 5 || fail "dovecot master (pid $dv_pid) will not stop"
  fi
  # Children left behind: end them by pid (checked to be dovecot's own).
  left=()
  for k in $dv_kids; do
    [[ $( { tr '\0' ' ' </proc/"$k"/cmdline; } 2>/dev/null) == dovecot/* ]] && left+=("$k")
  done
  if ((${#left[@]})); then
    kill -TERM "${left[@]}" 2>/dev/null || true
    for k in "${left[@]}"; do wait_gone "$k" 3 || kill -KILL "$k" 2>/dev/null || true; done
  fi
  say "dovecot stopped"
fi

# Confirm the ports are free.
for p in 25 587 465 143 993; do
  for ((i = 0; i < 20; i++)); do
    timeout 1 bash -c "exec 3<>/dev/tcp/$HOST/$p" 2>/dev/null || continue 2
    sleep 0.25
  done
  fail "port $p still answers after stop"
done

if [ "${MAILSTACK_WIPE:-0}" = 1 ]; then rm -rf "${VMAIL_BASE:?}/$DOMAIN"; say "mailboxes wiped"; fi
say "down"
