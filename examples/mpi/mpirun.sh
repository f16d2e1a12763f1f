#!/usr/bin/env bash
# Four ranks of a Spring Boot application with the NeMo Lens starter, on this node, under Open MPI.
#
# NeMo Lens reads the rank, world size and local rank from OMPI_COMM_WORLD_* and the run id from
# PMIX_NAMESPACE (one per mpirun), so you set only where telemetry goes and which ranks send it.
# Open MPI passes this environment to every rank it starts. Across nodes, add -x for each variable
# (-x NEMO_LENS_ENABLED -x NEMO_LENS_EXPORT_STRATEGY -x OTEL_EXPORTER_OTLP_ENDPOINT) and a hostfile.
#
#   APP_JAR=build/app.jar RANKS=4 examples/mpi/mpirun.sh [application arguments]
set -euo pipefail

export NEMO_LENS_ENABLED=true
export OTEL_EXPORTER_OTLP_ENDPOINT=${OTEL_EXPORTER_OTLP_ENDPOINT:-http://otel-collector:4317}
export NEMO_LENS_EXPORT_STRATEGY=${NEMO_LENS_EXPORT_STRATEGY:-first_rank_per_node}

# Several ranks share a node: each takes a free port.
exec mpirun -np "${RANKS:-4}" java ${JAVA_OPTS:-} -jar "${APP_JAR:-app.jar}" --server.port=0 "$@"
