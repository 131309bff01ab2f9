#!/bin/sh
# La Plaza on a school server: N app servers on their own loopback ports behind nginx, all on one database.
#
#   deploy/school.sh start      start the app servers and nginx (returns once every server answers its health check)
#   deploy/school.sh stop       stop them
#   deploy/school.sh status     which of them run
#
# Settings (environment): PLAZA_SERVERS (default 2), PLAZA_FIRST_PORT (8501: the servers use 8501, 8502, …),
# PLAZA_LISTEN (nginx's address, default 8080; 80 as root), PLAZA_RUN (pids, logs, nginx's files; default
# /tmp/la-plaza), PLAZA_PYTHON (default .venv/bin/python), PLAZA_FAIL_SECONDS (10). Every server gets the same
# cookie secret (made once in PLAZA_RUN, or PLAZA_COOKIE_SECRET), so a browser that moves to another server keeps
# its cookies valid there. The database and the teacher
# settings come from .streamlit/secrets.toml ([connections.progress] url, [teachers], [la_plaza] behind_proxy = true)
# or LA_PLAZA_PROGRESS_URL; with several servers it must be PostgreSQL. Run it from the repository's root.
set -eu

servers=${PLAZA_SERVERS:-2}
first=${PLAZA_FIRST_PORT:-8501}
listen=${PLAZA_LISTEN:-8080}
run=${PLAZA_RUN:-/tmp/la-plaza}
python=${PLAZA_PYTHON:-.venv/bin/python}
fail=${PLAZA_FAIL_SECONDS:-10}
here=$(cd "$(dirname "$0")" && pwd)
nginx=$(command -v nginx || echo /usr/sbin/nginx)

ports() { i=0; while [ "$i" -lt "$servers" ]; do echo $((first + i)); i=$((i + 1)); done; }

healthy() { "$python" -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)" \
    "http://127.0.0.1:$1/_stcore/health" >/dev/null 2>&1; }

start() {
    mkdir -p "$run"
    if [ -n "${PLAZA_COOKIE_SECRET:-}" ]; then secret=$PLAZA_COOKIE_SECRET
    else
        [ -s "$run/cookie-secret" ] || (umask 077; "$python" -c "import secrets; print(secrets.token_hex(32))" >"$run/cookie-secret")
        secret=$(cat "$run/cookie-secret")
    fi
    for port in $(ports); do
        if [ -f "$run/app-$port.pid" ] && kill -0 "$(cat "$run/app-$port.pid")" 2>/dev/null; then continue; fi
        STREAMLIT_SERVER_COOKIE_SECRET=$secret nohup "$python" -m streamlit run tutorial_app.py --server.headless true --server.address 127.0.0.1 \
            --server.port "$port" --browser.gatherUsageStats false >"$run/app-$port.log" 2>&1 &
        echo $! >"$run/app-$port.pid"
    done
    upstreams=$(for port in $(ports); do
        printf '        server 127.0.0.1:%s max_fails=1 fail_timeout=%ss;\\n' "$port" "$fail"; done)
    sed -e "s|@RUN@|$run|g" -e "s|@LISTEN@|$listen|g" -e "s|@FAIL_SECONDS@|$fail|g" \
        -e "s|@UPSTREAMS@|$upstreams|" "$here/nginx.conf" >"$run/nginx.conf"
    for port in $(ports); do
        tries=0
        until healthy "$port"; do
            tries=$((tries + 1))
            if [ "$tries" -gt 150 ]; then echo "app server $port did not start: see $run/app-$port.log" >&2; exit 1; fi
            sleep 0.2
        done
    done
    "$nginx" -t -q -p "$run" -c "$run/nginx.conf"
    if [ -f "$run/nginx.pid" ] && kill -0 "$(cat "$run/nginx.pid")" 2>/dev/null; then
        "$nginx" -p "$run" -c "$run/nginx.conf" -s reload
    else
        "$nginx" -p "$run" -c "$run/nginx.conf"
    fi
    echo "La Plaza: $servers app servers behind http://127.0.0.1:$listen/ (logs in $run)"
}

stop() {
    if [ -f "$run/nginx.pid" ]; then "$nginx" -p "$run" -c "$run/nginx.conf" -s quit 2>/dev/null || true; fi
    for pidfile in "$run"/app-*.pid; do
        [ -f "$pidfile" ] || continue
        kill "$(cat "$pidfile")" 2>/dev/null || true
        rm -f "$pidfile"
    done
}

status() {
    for port in $(ports); do
        if healthy "$port"; then echo "app server $port: up"; else echo "app server $port: down"; fi
    done
    if [ -f "$run/nginx.pid" ] && kill -0 "$(cat "$run/nginx.pid")" 2>/dev/null; then echo "nginx: up"; else echo "nginx: down"; fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
