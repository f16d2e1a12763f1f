#!/usr/bin/env bash
# Four ranks of a Spring Boot application with the NeMo Lens starter on this node, started by
# torchrun (PyTorch's elastic launcher) without Python: --no-python runs java directly.
#
# NeMo Lens reads RANK, WORLD_SIZE, LOCAL_RANK (and GROUP_RANK) and takes the run id from
# TORCHELASTIC_RUN_ID, which is --rdzv-id. torchrun's own default is the placeholder "none",
# which Lens ignores (each rank would draw its own); --standalone draws a fresh id per run. On
# several nodes, give every node the same --rdzv-id (under Slurm: --rdzv-id="$SLURM_JOB_ID").
#
#   APP_JAR=build/app.jar examples/torchrun/torchrun.sh [application arguments]
set -euo pipefail

export NEMO_LENS_ENABLED=true
export OTEL_EXPORTER_OTLP_ENDPOINT=${OTEL_EXPORTER_OTLP_ENDPOINT:-http://otel-collector:4317}
export NEMO_LENS_EXPORT_STRATEGY=${NEMO_LENS_EXPORT_STRATEGY:-first_rank_per_node}

# Several ranks share a node: each takes a free port.
exec torchrun --standalone --nproc-per-node="${RANKS:-4}" --no-python \
	java ${JAVA_OPTS:-} -jar "${APP_JAR:-app.jar}" --server.port=0 "$@"
