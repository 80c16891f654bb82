#!/usr/bin/env bash
# dovecot-oauth.sh — a separate, throw-away Dovecot IMAP server whose
# oauth2 passdb asks a token-introspection endpoint (RFC 7662) whether a
# bearer token is good. windpost's OAuth test (mailer, with
# WINDPOST_E2E_MAILSTACK=1) starts one with its own introspection
# endpoint. It never touches /etc/dovecot or the mail stack's Dovecot:
# everything (config, base_dir, mail, logs) lives in DIR.
#
#   dovecot-oauth.sh start DIR PORT INTROSPECTION_URL   # listens on 127.0.0.1:PORT
#   dovecot-oauth.sh stop DIR
set -euo pipefail

cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start DIR PORT URL | stop DIR" >&2; exit 2; }
conf=$dir/dovecot.conf

case $cmd in
start)
  port=${3:?port}; url=${4:?introspection url}
  command -v dovecot >/dev/null || { echo "dovecot-oauth: dovecot is not installed (apt-get install dovecot-imapd)" >&2; exit 1; }
  mkdir -p "$dir/run" "$dir/state" "$dir/mail"
  chmod 0711 "$dir" # the mail user must reach $dir/mail
  # Mail is stored as an unprivileged user; the master runs as whoever starts it.
  if [ "$(id -u)" = 0 ]; then mail_user=nobody; mail_group=nogroup; chown nobody:nogroup "$dir/mail"
  else mail_user=$(id -un); mail_group=$(id -gn); fi
  cat >"$dir/oauth2.conf.ext" <<CONF
introspection_mode = post
introspection_url = $url
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
CONF
  cat >"$conf" <<CONF
# written by windpost scripts/dovecot-oauth.sh
instance_name = windpost-oauth-$port
base_dir = $dir/run
state_dir = $dir/state
log_path = $dir/dovecot.log
info_log_path = $dir/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = xoauth2 oauthbearer
auth_verbose = yes
first_valid_uid = 1
mail_location = maildir:$dir/mail/%n
mail_uid = $mail_user
mail_gid = $mail_group
namespace inbox {
  inbox = yes
  separator = /
}
passdb {
  driver = oauth2
  args = $dir/oauth2.conf.ext
}
userdb {
  driver = static
  args = uid=$mail_user gid=$mail_group home=$dir/mail/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $port
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
CONF
  # The master forks and keeps running: it must not hold our output open.
  dovecot -c "$conf" </dev/null >>"$dir/dovecot.log" 2>&1
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && exit 0
    sleep 0.1
  done
  echo "dovecot-oauth: nothing listens on 127.0.0.1:$port; see $dir/dovecot.log" >&2
  cat "$dir/dovecot.log" >&2 || true
  exit 1
  ;;
stop)
  [ -f "$conf" ] || exit 0
  doveadm -c "$conf" stop 2>/dev/null || { [ -f "$dir/run/master.pid" ] && kill "$(cat "$dir/run/master.pid")"; } || true
  ;;
*)
  echo "usage: $0 start DIR PORT URL | stop DIR" >&2; exit 2
  ;;
esac
