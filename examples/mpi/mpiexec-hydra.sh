#!/usr/bin/env bash
# Four ranks of a Spring Boot application with the NeMo Lens starter, on this node, under MPICH's
# (or Intel MPI's) Hydra mpiexec.
#
# NeMo Lens reads the rank and world size from PMI_RANK / PMI_SIZE and the local rank from
# MPI_LOCALRANKID. Hydra exports no job id, so this script makes one for all ranks of this run;
# without it each rank would draw its own random run id. Hydra passes the whole environment on.
#
#   APP_JAR=build/app.jar RANKS=4 examples/mpi/mpiexec-hydra.sh [application arguments]
set -euo pipefail

export NEMO_LENS_ENABLED=true
export OTEL_EXPORTER_OTLP_ENDPOINT=${OTEL_EXPORTER_OTLP_ENDPOINT:-http://otel-collector:4317}
export NEMO_LENS_EXPORT_STRATEGY=${NEMO_LENS_EXPORT_STRATEGY:-first_rank_per_node}
export NEMO_LENS_RUN_ID=${NEMO_LENS_RUN_ID:-hydra-$(hostname -s)-$$-$(date +%s)}

# Several ranks share a node: each takes a free port.
exec mpiexec.hydra -n "${RANKS:-4}" java ${JAVA_OPTS:-} -jar "${APP_JAR:-app.jar}" --server.port=0 "$@"
