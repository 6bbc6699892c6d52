#!/usr/bin/env bash
# Remplacement progressif (rolling deploy) des instances derrière nginx, une à la fois, sans requête perdue.
#
# Pour chaque instance de l'upstream : démarrer la nouvelle version sur le port libre de sa paire, attendre que
# /api/health/ready réponde 200, faire pointer l'upstream de nginx vers elle (`nginx -s reload` : les anciens
# workers finissent leurs requêtes), puis SIGTERM à l'ancienne, qui se retire (readiness 503 pendant
# DRAIN_SECONDS, réponses avec Connection: close), termine ses requêtes et sort ; enfin l'instance suivante.
# Si la nouvelle ne devient pas prête, elle est arrêtée et l'ancienne reste en service (code de sortie 1).
#
#   NGINX_CONF=/etc/nginx/conf.d/partenaires.conf \
#   START_COMMAND='exec node --import tsx server/main.ts' \
#   deploy/roll.sh
#
# Variables :
#   NGINX_CONF     fichier qui contient `upstream partenaires { server 127.0.0.1:PORT …; }` (modifié sur place)
#   NGINX_RELOAD   commande qui recharge nginx (défaut : nginx -s reload)
#   START_COMMAND  démarre UNE instance de la nouvelle version au premier plan, lancée par `sh -c` avec PORT
#                  dans l'environnement ; commencer par `exec` pour que le PID noté soit celui du serveur. Le
#                  reste de l'environnement (DATABASE_URL, TRUST_PROXY=1…) est celui de ce script.
#   PORT_PAIRS     paires de ports, une par instance (défaut : "3001:3011 3002:3012") : chaque instance passe
#                  de l'un à l'autre à chaque déploiement, l'upstream doit en citer un par paire
#   RUN_DIR        PID (<port>.pid) et journaux (<port>.log) des instances démarrées (défaut : /run/partenaires) ;
#                  une instance sans fichier PID est trouvée par son port d'écoute (ss)
#   HEALTH_HOST    adresse où joindre les instances (défaut : 127.0.0.1)
#   READY_TIMEOUT  secondes pour qu'une nouvelle instance soit prête (défaut : 60)
#   STOP_TIMEOUT   secondes pour qu'une ancienne instance sorte après SIGTERM, avant SIGKILL (défaut : 40 ;
#                  plus que DRAIN_SECONDS + ses plus longues requêtes)
#
# Les migrations de la nouvelle version s'appliquent au démarrage de sa première instance, pendant que
# l'ancienne version sert encore : elles doivent rester additives (ARCHITECTURE.md, « Migrations during a
# rolling deploy »). Vérifié par server/test/multi/rolling.test.ts (deux passages sous charge).
set -euo pipefail

: "${NGINX_CONF:?NGINX_CONF : fichier de configuration nginx contenant l’upstream}"
: "${START_COMMAND:?START_COMMAND : commande qui démarre une instance de la nouvelle version}"
NGINX_RELOAD=${NGINX_RELOAD:-nginx -s reload}
PORT_PAIRS=${PORT_PAIRS:-3001:3011 3002:3012}
RUN_DIR=${RUN_DIR:-/run/partenaires}
HEALTH_HOST=${HEALTH_HOST:-127.0.0.1}
READY_TIMEOUT=${READY_TIMEOUT:-60}
STOP_TIMEOUT=${STOP_TIMEOUT:-40}

say() { printf '%s roll: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# Running and not a zombie (an orphan whose parent does not reap it still answers kill -0).
alive() {
  if [ -r "/proc/$1/stat" ]; then
    [ "$(cut -d' ' -f3 < "/proc/$1/stat" 2>/dev/null)" != Z ]
  else
    kill -0 "$1" 2>/dev/null
  fi
}

in_upstream() { grep -Eq "^[[:space:]]*server[[:space:]]+[^[:space:];]*:$1([[:space:];])" "$NGINX_CONF"; }

pid_on_port() {
  if [ -s "$RUN_DIR/$1.pid" ]; then
    cat "$RUN_DIR/$1.pid"
  else
    { ss -ltnpH "sport = :$1" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2; } || true
  fi
}

ready() { curl -fsS -o /dev/null --max-time 2 "http://$HEALTH_HOST:$1/api/health/ready" 2>/dev/null; }

stop_pid() { # pid, what
  local pid=$1 waited=0
  kill -TERM "$pid" 2>/dev/null || return 0
  while alive "$pid"; do
    if [ "$waited" -ge $((STOP_TIMEOUT * 10)) ]; then
      say "$2 (PID $pid) toujours là après ${STOP_TIMEOUT} s : SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      return 0
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
}

mkdir -p "$RUN_DIR"
for pair in $PORT_PAIRS; do
  first=${pair%%:*}
  second=${pair##*:}
  if in_upstream "$first"; then
    old=$first new=$second
  elif in_upstream "$second"; then
    old=$second new=$first
  else
    say "ni $first ni $second dans l’upstream de $NGINX_CONF : paire ignorée"
    continue
  fi
  old_pid=$(pid_on_port "$old")
  if ready "$new"; then
    say "le port $new est déjà pris par une instance : arrêt"
    exit 1
  fi

  say "instance $old → $new : démarrage de la nouvelle version"
  PORT=$new nohup sh -c "$START_COMMAND" < /dev/null >> "$RUN_DIR/$new.log" 2>&1 &
  new_pid=$!
  echo "$new_pid" > "$RUN_DIR/$new.pid"
  started=$(date +%s)
  until ready "$new"; do
    if ! alive "$new_pid" || [ $(($(date +%s) - started)) -ge "$READY_TIMEOUT" ]; then
      say "la nouvelle instance ($new) n’est pas prête : arrêtée, l’ancienne ($old) reste en service"
      tail -n 20 "$RUN_DIR/$new.log" >&2 || true
      stop_pid "$new_pid" "nouvelle instance"
      rm -f "$RUN_DIR/$new.pid"
      exit 1
    fi
    sleep 0.2
  done
  say "instance $new prête en $(($(date +%s) - started)) s"

  # Only the address changes: the line keeps its parameters (max_fails, fail_timeout…).
  cp "$NGINX_CONF" "$NGINX_CONF.roll-backup"
  sed -E -i "s/^([[:space:]]*server[[:space:]]+[^[:space:];]*:)$old([[:space:];])/\1$new\2/" "$NGINX_CONF"
  if ! sh -c "$NGINX_RELOAD"; then
    say "rechargement de nginx refusé : configuration rétablie, nouvelle instance arrêtée"
    mv "$NGINX_CONF.roll-backup" "$NGINX_CONF"
    stop_pid "$new_pid" "nouvelle instance"
    rm -f "$RUN_DIR/$new.pid"
    exit 1
  fi
  rm -f "$NGINX_CONF.roll-backup"
  # nginx's new workers start at once; the old ones finish their requests, which the old instance still serves.
  sleep 1

  if [ -n "$old_pid" ]; then
    say "instance $old (PID $old_pid) : retrait (SIGTERM), elle termine ses requêtes"
    stop_pid "$old_pid" "ancienne instance"
  else
    say "aucun processus trouvé sur le port $old"
  fi
  rm -f "$RUN_DIR/$old.pid"
  say "instance $old remplacée par $new"
done
say "terminé"
