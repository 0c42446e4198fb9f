#!/bin/sh
# Runs its arguments (the server) with jemalloc as malloc when the system has it (decision
# 0112): glibc's malloc keeps what the start-up and each burst of requests freed (~35 MB of the
# resting server, more after load), jemalloc hands freed pages back within seconds. Without the
# library (macOS, a system without libjemalloc2) the server runs on the system's malloc, and
# MALLOC_ARENA_MAX (set by the caller) still bounds glibc's arenas. `exec`: the server keeps
# this process, so a signal sent to it reaches node.
for lib in \
  /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 \
  /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 \
  /usr/lib64/libjemalloc.so.2 \
  /usr/lib/libjemalloc.so.2; do
  if [ -r "$lib" ]; then
    LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD:}$lib"
    # its own thread gives freed pages back while the server rests; without it jemalloc
    # purges only when something allocates, and the resting figure wandered by ~35 MB
    MALLOC_CONF="${MALLOC_CONF:-background_thread:true}"
    export LD_PRELOAD MALLOC_CONF
    break
  fi
done
exec "$@"
