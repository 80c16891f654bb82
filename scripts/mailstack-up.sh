#!/usr/bin/env bash
# mailstack-up.sh — bring up a loopback-only mail stack (Debian Postfix +
# Dovecot IMAP) for windpost's end-to-end tests (go test ./e2e with
# WINDPOST_E2E_MAILSTACK=1; .ci/run does this) or to try windpost serve
# against real mail servers. Idempotent: installs what is missing, (re)writes all
# configs, starts the daemons directly (no systemd) or reloads them if they
# already run, waits until every port answers. Run as root.
#
# Settings (environment, all optional):
#   MAILSTACK_DOMAIN    mail domain                          (example.test)
#   MAILSTACK_USERS     space/comma separated local parts or addresses,
#                       each optionally "name:password"
#                       ("bot alice bob carol player1 ... player8")
#   MAILSTACK_PASSWORD  password for users given without one (secret)
#   MAILSTACK_WIPE      1 = delete all mailboxes before start (0)
#   MAILSTACK_QUIET     1 = do not print the settings block  (0)
set -euo pipefail

DOMAIN=${MAILSTACK_DOMAIN:-example.test}
# player1..player8 give windpost's throughput benchmark enough players.
USERS_RAW=${MAILSTACK_USERS:-"bot alice bob carol player1 player2 player3 player4 player5 player6 player7 player8"}
PASSWORD=${MAILSTACK_PASSWORD:-secret}
WIPE=${MAILSTACK_WIPE:-0}
QUIET=${MAILSTACK_QUIET:-0}

HOST=127.0.0.1
PORT_SMTP=25 PORT_SUBMISSION=587 PORT_SUBMISSIONS=465 PORT_IMAP=143 PORT_IMAPS=993
ETC=/etc/mailstack
TLS_DIR=$ETC/tls
TLS_CERT=$TLS_DIR/cert.pem
TLS_KEY=$TLS_DIR/key.pem
VMAIL_USER=vmail
VMAIL_BASE=/var/mail/vhosts
LOG_DIR=/var/log/mailstack
DOVECOT_USERS=/etc/dovecot/mailstack-users
POSTFIX_VMAILBOX=/etc/postfix/mailstack-vmailbox
MARK="# written by mailstack up.sh"

t0=$(date +%s.%N)
say()  { echo "mailstack: $*"; }
fail() { echo "mailstack: ERROR: $*" >&2; exit 1; }
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1fs", b-a}'; }

[ "$(id -u)" = 0 ] || fail "must run as root"
[[ $DOMAIN =~ ^[A-Za-z0-9.-]+$ ]] || fail "bad MAILSTACK_DOMAIN '$DOMAIN'"

# ---------------------------------------------------------------- users
declare -a U_ADDR=() U_LOCAL=() U_PASS=()
for entry in ${USERS_RAW//,/ }; do
  name=${entry%%:*}; pass=$PASSWORD
  [[ $entry == *:* ]] && pass=${entry#*:}
  if [[ $name == *@* ]]; then
    [[ ${name#*@} == "$DOMAIN" ]] || fail "user '$name' is not in domain $DOMAIN"
    name=${name%@*}
  fi
  [[ $name =~ ^[a-z0-9._-]+$ ]] || fail "bad user name '$name' (lower-case letters, digits, . _ - only; no '+')"
  [[ $pass != *:* && -n $pass ]] || fail "bad password for '$name' (empty or contains ':')"
  U_LOCAL+=("$name"); U_ADDR+=("$name@$DOMAIN"); U_PASS+=("$pass")
done
((${#U_ADDR[@]})) || fail "MAILSTACK_USERS is empty"

# ---------------------------------------------------------------- install
pkg_ok() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for p in postfix dovecot-core dovecot-imapd openssl; do pkg_ok "$p" || missing+=("$p"); done
if ((${#missing[@]})); then
  ti=$(date +%s.%N)
  say "installing ${missing[*]} ..."
  export DEBIAN_FRONTEND=noninteractive
  debconf-set-selections <<EOF
postfix postfix/main_mailer_type select No configuration
postfix postfix/mailname string mail.$DOMAIN
EOF
  # Keep maintainer scripts from starting daemons (there is no init system).
  made_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d; made_policy=1
  fi
  trap '[ "$made_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d' EXIT
  apt_log=$(mktemp /tmp/mailstack-apt.XXXXXX)
  if ! { apt-get update -q && apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=120 \
           -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
           "${missing[@]}"; } >"$apt_log" 2>&1; then
    tail -n 30 "$apt_log" >&2
    fail "apt-get install failed (full log: $apt_log)"
  fi
  rm -f "$apt_log"
  [ "$made_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d; trap - EXIT
  say "installed in $(elapsed "$ti")"
fi
for b in postfix postconf dovecot doveadm openssl; do command -v $b >/dev/null || fail "$b not found after install"; done

# ---------------------------------------------------------------- state helpers
# put_file TMP DEST: move TMP over DEST unless identical, then backdate DEST.
# Postfix waits (300 ms steps, ~2 s) before reading a config or table file
# whose mtime is within the last second or two; a past mtime skips that wait.
put_file() {
  if cmp -s "$1" "$2"; then rm -f "$1"; else mv "$1" "$2"; fi
  touch -d "@$(( $(date +%s) - 10 ))" "$2"
}
postfix_running() { postfix status >/dev/null 2>&1; }
dovecot_pid() { local f=/run/dovecot/master.pid; [ -s $f ] && kill -0 "$(cat $f)" 2>/dev/null && cat $f; }
dovecot_running() { dovecot_pid >/dev/null; }
port_open() { timeout 2 bash -c "exec 3<>/dev/tcp/$HOST/$1" 2>/dev/null; }

# Refuse to fight a foreign process for our ports.
if ! postfix_running; then
  for p in $PORT_SMTP $PORT_SUBMISSION $PORT_SUBMISSIONS; do
    port_open $p && fail "port $p on $HOST is taken by another process (not our Postfix)"
  done
fi
if ! dovecot_running; then
  for p in $PORT_IMAP $PORT_IMAPS; do
    port_open $p && fail "port $p on $HOST is taken by another process (not our Dovecot)"
  done
fi

if [ "$WIPE" = 1 ] && { postfix_running || dovecot_running; }; then
  say "MAILSTACK_WIPE=1: stopping to wipe mailboxes"
  "$(dirname "$(readlink -f "$0")")/mailstack-down.sh" >/dev/null
fi

# ---------------------------------------------------------------- vmail user, dirs
getent group $VMAIL_USER >/dev/null || groupadd --system $VMAIL_USER
getent passwd $VMAIL_USER >/dev/null || useradd --system --gid $VMAIL_USER --home-dir $VMAIL_BASE \
  --no-create-home --shell /usr/sbin/nologin $VMAIL_USER
VUID=$(id -u $VMAIL_USER); VGID=$(getent group $VMAIL_USER | cut -d: -f3)

install -d -m 755 $ETC $LOG_DIR
install -d -m 750 -o $VMAIL_USER -g $VMAIL_USER $VMAIL_BASE
if [ "$WIPE" = 1 ]; then rm -rf "${VMAIL_BASE:?}/$DOMAIN"; say "mailboxes wiped"; fi
install -d -m 750 -o $VMAIL_USER -g $VMAIL_USER "$VMAIL_BASE/$DOMAIN"
for u in "${U_LOCAL[@]}"; do
  for d in "" /Maildir /Maildir/cur /Maildir/new /Maildir/tmp; do
    install -d -m 700 -o $VMAIL_USER -g $VMAIL_USER "$VMAIL_BASE/$DOMAIN/$u$d"
  done
done

# ---------------------------------------------------------------- TLS (self-signed)
san="DNS:mail.$DOMAIN,DNS:localhost,IP:127.0.0.1"
if ! { [ -s $TLS_CERT ] && [ -s $TLS_KEY ] &&
       openssl x509 -in $TLS_CERT -noout -checkend 86400 >/dev/null 2>&1 &&
       openssl x509 -in $TLS_CERT -noout -ext subjectAltName 2>/dev/null | grep -q "DNS:mail.$DOMAIN"; }; then
  install -d -m 755 $TLS_DIR
  openssl req -x509 -newkey rsa:2048 -sha256 -nodes -days 3650 \
    -subj "/CN=mail.$DOMAIN" -addext "subjectAltName=$san" \
    -keyout $TLS_KEY.tmp -out $TLS_CERT.tmp >/dev/null 2>&1 || fail "openssl could not make a certificate"
  chmod 600 $TLS_KEY.tmp; chmod 644 $TLS_CERT.tmp
  mv $TLS_KEY.tmp $TLS_KEY; mv $TLS_CERT.tmp $TLS_CERT
  say "made self-signed certificate $TLS_CERT ($san)"
fi

# ---------------------------------------------------------------- Dovecot
umask 022
{ echo "$MARK"
  for i in "${!U_ADDR[@]}"; do echo "${U_ADDR[$i]}:{PLAIN}${U_PASS[$i]}::::::"; done
} >$DOVECOT_USERS.tmp
chown root:dovecot $DOVECOT_USERS.tmp; chmod 640 $DOVECOT_USERS.tmp; mv $DOVECOT_USERS.tmp $DOVECOT_USERS

if [ -f /etc/dovecot/dovecot.conf ] && ! grep -q "^$MARK" /etc/dovecot/dovecot.conf && [ ! -e /etc/dovecot/dovecot.conf.mailstack-orig ]; then
  cp -p /etc/dovecot/dovecot.conf /etc/dovecot/dovecot.conf.mailstack-orig
fi
dh_line=""; [ -s /usr/share/dovecot/dh.pem ] && dh_line="ssl_dh = </usr/share/dovecot/dh.pem"
cat >/etc/dovecot/dovecot.conf.tmp <<EOF
$MARK (complete config; conf.d/ is not read)
protocols = imap
listen = $HOST
log_path = $LOG_DIR/dovecot.log
auth_verbose = yes
auth_mechanisms = plain login
# Only loopback listeners exist, so plaintext auth is safe everywhere here.
disable_plaintext_auth = no

ssl = yes
ssl_cert = <$TLS_CERT
ssl_key = <$TLS_KEY
$dh_line
ssl_min_protocol = TLSv1.2

first_valid_uid = $VUID
last_valid_uid = $VUID
mail_location = maildir:$VMAIL_BASE/%d/%n/Maildir
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Archive {
    special_use = \\Archive
  }
}

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu $DOVECOT_USERS
}
userdb {
  driver = passwd-file
  args = username_format=%Lu $DOVECOT_USERS
  default_fields = uid=$VUID gid=$VGID home=$VMAIL_BASE/%d/%n
}

service imap-login {
  inet_listener imap {
    address = $HOST
    port = $PORT_IMAP
  }
  inet_listener imaps {
    address = $HOST
    port = $PORT_IMAPS
    ssl = yes
  }
}
service auth {
  unix_listener /var/spool/postfix/private/auth {
    mode = 0660
    user = postfix
    group = postfix
  }
}
protocol imap {
  mail_max_userip_connections = 50
}
EOF
mv /etc/dovecot/dovecot.conf.tmp /etc/dovecot/dovecot.conf
doveconf -n >/dev/null 2>"$LOG_DIR/doveconf.err" || { cat "$LOG_DIR/doveconf.err" >&2; fail "dovecot config invalid"; }

# ---------------------------------------------------------------- Postfix
for u in "${U_LOCAL[@]}"; do echo "$u@$DOMAIN $DOMAIN/$u/Maildir/"; done >$POSTFIX_VMAILBOX.tmp
put_file $POSTFIX_VMAILBOX.tmp $POSTFIX_VMAILBOX

if [ -f /etc/postfix/main.cf ] && ! grep -q "^$MARK" /etc/postfix/main.cf && [ ! -e /etc/postfix/main.cf.mailstack-orig ]; then
  cp -p /etc/postfix/main.cf /etc/postfix/main.cf.mailstack-orig
fi
cat >/etc/postfix/main.cf.tmp <<EOF
$MARK
compatibility_level = 3.6
myhostname = mail.$DOMAIN
mydomain = $DOMAIN
myorigin = \$myhostname
mydestination = localhost
inet_interfaces = $HOST
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_banner = \$myhostname ESMTP
biff = no
append_dot_mydomain = no
readme_directory = no
alias_maps =
alias_database =
maillog_file = $LOG_DIR/postfix.log

# Nothing ever leaves this machine: mail for other domains bounces at once.
relayhost =
default_transport = error:5.7.1 mailstack: delivery outside $DOMAIN is disabled
relay_transport = error:5.7.1 mailstack: delivery outside $DOMAIN is disabled

# Virtual mailboxes (Maildir) owned by $VMAIL_USER, plus-addressing.
recipient_delimiter = +
virtual_mailbox_domains = $DOMAIN
virtual_mailbox_base = $VMAIL_BASE
virtual_mailbox_maps = texthash:$POSTFIX_VMAILBOX
virtual_minimum_uid = $VUID
virtual_uid_maps = static:$VUID
virtual_gid_maps = static:$VGID

# TLS (server side); the client side never runs.
smtpd_tls_cert_file = $TLS_CERT
smtpd_tls_key_file = $TLS_KEY
smtpd_tls_security_level = may
smtpd_tls_received_header = yes
smtp_tls_security_level = none

# SASL via Dovecot; enabled on the submission ports only (master.cf).
smtpd_sasl_type = dovecot
smtpd_sasl_path = private/auth
smtpd_sasl_auth_enable = no
smtpd_tls_auth_only = yes
smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, defer_unauth_destination

# Test-friendly: no penalty sleeps, no per-client limits.
smtpd_error_sleep_time = 0s
smtpd_client_connection_count_limit = 0
EOF
put_file /etc/postfix/main.cf.tmp /etc/postfix/main.cf

# master.cf: built from the package's pristine copy in a scratch config dir.
pfx=$(mktemp -d /tmp/mailstack-postfix.XXXXXX)
cp -p /etc/postfix/main.cf /usr/share/postfix/master.cf.dist "$pfx/"; mv "$pfx/master.cf.dist" "$pfx/master.cf"
pc() { postconf -c "$pfx" "$@"; }
pc -F '*/*/chroot = n'      # no chroot: nothing copies files into it here
pc -M "submission/inet=submission inet n - n - - smtpd"
pc -P "submission/inet/syslog_name=postfix/submission" \
      "submission/inet/smtpd_tls_security_level=encrypt" \
      "submission/inet/smtpd_sasl_auth_enable=yes" \
      "submission/inet/smtpd_client_restrictions=permit_sasl_authenticated,reject" \
      "submission/inet/smtpd_relay_restrictions=permit_sasl_authenticated,reject"
pc -M "submissions/inet=submissions inet n - n - - smtpd"
pc -P "submissions/inet/syslog_name=postfix/submissions" \
      "submissions/inet/smtpd_tls_wrappermode=yes" \
      "submissions/inet/smtpd_sasl_auth_enable=yes" \
      "submissions/inet/smtpd_client_restrictions=permit_sasl_authenticated,reject" \
      "submissions/inet/smtpd_relay_restrictions=permit_sasl_authenticated,reject"
grep -q '^postlog[[:space:]]' "$pfx/master.cf" || fail "master.cf has no postlog service (Postfix too old?)"
put_file "$pfx/master.cf" /etc/postfix/master.cf
rm -rf "$pfx"
postfix check 2>"$LOG_DIR/postfix-check.err" || { cat "$LOG_DIR/postfix-check.err" >&2; fail "postfix check failed"; }

# ---------------------------------------------------------------- start / reload
# Dovecot first: Postfix's submission smtpd needs its auth socket.
if dovecot_running; then
  doveadm reload </dev/null >/dev/null 2>&1 || fail "dovecot reload failed"; say "dovecot reloaded"
else
  rm -f /run/dovecot/master.pid
  # Daemons must not inherit our stdout/stderr, or `up.sh | tee` and $(up.sh) never end.
  dovecot </dev/null >/dev/null 2>"$LOG_DIR/dovecot-start.err" || {
    cat "$LOG_DIR/dovecot-start.err" >&2; tail -n 20 $LOG_DIR/dovecot.log >&2 || true
    fail "dovecot did not start (log: $LOG_DIR/dovecot.log)"; }
  say "dovecot started"
fi
if postfix_running; then
  postfix reload </dev/null >/dev/null 2>&1 || fail "postfix reload failed"; say "postfix reloaded"
else
  postfix start </dev/null >/dev/null 2>"$LOG_DIR/postfix-start.err" || {
    cat "$LOG_DIR/postfix-start.err" >&2; tail -n 20 $LOG_DIR/postfix.log >&2 || true
    fail "postfix did not start (log: $LOG_DIR/postfix.log)"; }
  say "postfix started"
fi

# Wait until every port answers (banner where the protocol sends one in clear).
banner_ok() { timeout 3 bash -c "exec 3<>/dev/tcp/$HOST/$1 && IFS= read -r l <&3 && [[ \$l == '$2'* ]]" 2>/dev/null; }
deadline=$(( $(date +%s) + 30 ))
while :; do
  bad=()
  banner_ok $PORT_SMTP 220 || bad+=($PORT_SMTP)
  banner_ok $PORT_SUBMISSION 220 || bad+=($PORT_SUBMISSION)
  port_open $PORT_SUBMISSIONS || bad+=($PORT_SUBMISSIONS)
  banner_ok $PORT_IMAP "* OK" || bad+=($PORT_IMAP)
  port_open $PORT_IMAPS || bad+=($PORT_IMAPS)
  [ -S /var/spool/postfix/private/auth ] || bad+=(auth-socket)
  ((${#bad[@]} == 0)) && break
  if (( $(date +%s) >= deadline )); then
    tail -n 15 $LOG_DIR/postfix.log $LOG_DIR/dovecot.log >&2 2>/dev/null || true
    fail "not answering after 30s: ${bad[*]}"
  fi
  sleep 0.2
done

# Machine-readable settings for tests.
cat >$ETC/mailstack.env <<EOF
MAILSTACK_HOST=$HOST
MAILSTACK_DOMAIN=$DOMAIN
MAILSTACK_SMTP_PORT=$PORT_SMTP
MAILSTACK_SUBMISSION_PORT=$PORT_SUBMISSION
MAILSTACK_SUBMISSIONS_PORT=$PORT_SUBMISSIONS
MAILSTACK_IMAP_PORT=$PORT_IMAP
MAILSTACK_IMAPS_PORT=$PORT_IMAPS
MAILSTACK_CA_CERT=$TLS_CERT
MAILSTACK_TLS_SERVER_NAME=mail.$DOMAIN
MAILSTACK_ACCOUNTS="${U_ADDR[*]}"
EOF
chmod 644 $ETC/mailstack.env

say "up in $(elapsed "$t0")"
if [ "$QUIET" != 1 ]; then
  cat <<EOF
---------------------------------------------------------------- mail stack
host        $HOST  (loopback only; TLS names: mail.$DOMAIN, localhost, 127.0.0.1)
SMTP        $HOST:$PORT_SMTP   no auth, STARTTLS optional, accepts mail for @$DOMAIN from loopback
submission  $HOST:$PORT_SUBMISSION  STARTTLS required, then AUTH PLAIN/LOGIN
submissions $HOST:$PORT_SUBMISSIONS  implicit TLS, AUTH PLAIN/LOGIN
IMAP        $HOST:$PORT_IMAP  STARTTLS (plain login also allowed on loopback)
IMAPS       $HOST:$PORT_IMAPS  implicit TLS
CA to trust $TLS_CERT
accounts    ${U_ADDR[*]}
            login = full address; plus-addressing: user+tag@$DOMAIN -> user's INBOX
outbound    mail to other domains bounces (nothing leaves the machine)
mailboxes   $VMAIL_BASE/$DOMAIN/<user>/Maildir  (owner $VMAIL_USER)
logs        $LOG_DIR/postfix.log  $LOG_DIR/dovecot.log
env file    $ETC/mailstack.env
EOF
fi
