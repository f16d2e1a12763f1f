package nemo.lens.launch;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Realistic process environments, one per launcher, with every variable the launcher sets and
 * some that merely sit alongside, written the way {@code env} prints them.
 */
final class LauncherEnvironments {

	/** torchrun --nnodes=2 --nproc-per-node=4: the second worker on the second node. */
	static final Map<String, String> TORCHRUN = env("""
			TORCHELASTIC_RUN_ID=job-42
			TORCHELASTIC_RESTART_COUNT=0
			TORCHELASTIC_MAX_RESTARTS=0
			TORCHELASTIC_USE_AGENT_STORE=False
			TORCHELASTIC_ERROR_FILE=/tmp/torchelastic_k1/job-42/attempt_0/5/error.json
			TORCH_NCCL_ASYNC_ERROR_HANDLING=1
			MASTER_ADDR=node-0
			MASTER_PORT=29500
			RANK=5
			WORLD_SIZE=8
			LOCAL_RANK=1
			LOCAL_WORLD_SIZE=4
			GROUP_RANK=1
			GROUP_WORLD_SIZE=2
			ROLE_RANK=5
			ROLE_WORLD_SIZE=8
			ROLE_NAME=default
			OMP_NUM_THREADS=1
			""");

	/** accelerate launch, which runs torchrun in-process: torchrun's variables plus its own. */
	static final Map<String, String> ACCELERATE = with(TORCHRUN, """
			ACCELERATE_MIXED_PRECISION=bf16
			ACCELERATE_DYNAMO_BACKEND=NO
			ACCELERATE_USE_FSDP=false
			""");

	/** The DeepSpeed launcher (deepspeed.launcher.launch) on the second of two nodes. */
	static final Map<String, String> DEEPSPEED = env("""
			MASTER_ADDR=10.0.0.1
			MASTER_PORT=29500
			WORLD_SIZE=4
			CROSS_RANK=1
			CROSS_SIZE=2
			LOCAL_SIZE=2
			RANK=3
			LOCAL_RANK=1
			PDSH_RCMD_TYPE=ssh
			""");

	/** horovodrun with Gloo, 2 hosts of 4 slots. */
	static final Map<String, String> HOROVOD = env("""
			HOROVOD_HOSTNAME=host-1
			HOROVOD_RANK=6
			HOROVOD_SIZE=8
			HOROVOD_LOCAL_RANK=2
			HOROVOD_LOCAL_SIZE=4
			HOROVOD_CROSS_RANK=1
			HOROVOD_CROSS_SIZE=2
			HOROVOD_GLOO_RENDEZVOUS_ADDR=10.0.0.1
			HOROVOD_GLOO_RENDEZVOUS_PORT=41231
			HOROVOD_GLOO_IFACE=eth0
			HOROVOD_CONTROLLER=gloo
			HOROVOD_CPU_OPERATIONS=gloo
			""");

	/** A Ray Train worker (TorchTrainer), 2 nodes of 2 workers. */
	static final Map<String, String> RAY_TRAIN = env("""
			RAY_ADDRESS=10.0.0.1:6379
			RAY_JOB_ID=02000000
			MASTER_ADDR=10.0.0.1
			MASTER_PORT=46381
			RANK=3
			WORLD_SIZE=4
			LOCAL_RANK=1
			LOCAL_WORLD_SIZE=2
			NODE_RANK=1
			""");

	/** An Azure ML PyTorch job, 2 nodes of 4 processes. */
	static final Map<String, String> AZURE_ML = env("""
			AZUREML_RUN_ID=train_1712345678_abcd
			AZUREML_NODE_COUNT=2
			AZ_BATCH_MASTER_NODE=10.0.0.4:6105
			MASTER_ADDR=10.0.0.4
			MASTER_PORT=6105
			WORLD_SIZE=8
			NODE_RANK=1
			RANK=6
			LOCAL_RANK=2
			LOCAL_WORLD_SIZE=4
			""");

	/** srun -N3 -n5: the second task on the second node; tasks per node 2, 2, 1. */
	static final Map<String, String> SRUN = env("""
			SLURM_CLUSTER_NAME=lab
			SLURM_JOB_ID=81234
			SLURM_JOBID=81234
			SLURM_JOB_NAME=train
			SLURM_JOB_NUM_NODES=3
			SLURM_JOB_NODELIST=gpu[01-03]
			SLURM_NNODES=3
			SLURM_NODELIST=gpu[01-03]
			SLURM_NTASKS=5
			SLURM_NPROCS=5
			SLURM_TASKS_PER_NODE=2(x2),1
			SLURM_SUBMIT_DIR=/home/alice
			SLURM_STEP_ID=0
			SLURM_STEPID=0
			SLURM_STEP_NUM_NODES=3
			SLURM_STEP_NUM_TASKS=5
			SLURM_STEP_NODELIST=gpu[01-03]
			SLURM_STEP_TASKS_PER_NODE=2(x2),1
			SLURM_STEP_LAUNCHER_PORT=42117
			SLURM_SRUN_COMM_HOST=10.1.0.1
			SLURM_SRUN_COMM_PORT=40251
			SLURM_LAUNCH_NODE_IPADDR=10.1.0.1
			SLURM_DISTRIBUTION=block
			SLURM_CPUS_ON_NODE=8
			SLURM_PROCID=3
			SLURM_LOCALID=1
			SLURM_NODEID=1
			SLURM_GTIDS=2,3
			SLURM_TASK_PID=23011
			SLURMD_NODENAME=gpu02
			SLURM_TOPOLOGY_ADDR=gpu02
			""");

	/** The batch script of sbatch -N2 --ntasks=8: a job, but no step. */
	static final Map<String, String> SBATCH_SCRIPT = env("""
			SLURM_CLUSTER_NAME=lab
			SLURM_JOB_ID=81240
			SLURM_JOBID=81240
			SLURM_JOB_NAME=train.sbatch
			SLURM_JOB_NUM_NODES=2
			SLURM_JOB_NODELIST=gpu[01-02]
			SLURM_JOB_CPUS_PER_NODE=8(x2)
			SLURM_NNODES=2
			SLURM_NODELIST=gpu[01-02]
			SLURM_NTASKS=8
			SLURM_NPROCS=8
			SLURM_TASKS_PER_NODE=4(x2)
			SLURM_SUBMIT_DIR=/home/alice
			SLURM_SUBMIT_HOST=login01
			SLURM_CPUS_ON_NODE=8
			SLURM_PROCID=0
			SLURM_LOCALID=0
			SLURM_NODEID=0
			SLURM_GTIDS=0
			SLURM_TASK_PID=30877
			SLURMD_NODENAME=gpu01
			SLURM_TOPOLOGY_ADDR=gpu01
			""");

	/** mpirun -np 8 (Open MPI 4.1) on 2 nodes: the third rank of the second node. */
	static final Map<String, String> OPEN_MPI = env("""
			OMPI_COMM_WORLD_RANK=6
			OMPI_COMM_WORLD_SIZE=8
			OMPI_COMM_WORLD_LOCAL_RANK=2
			OMPI_COMM_WORLD_LOCAL_SIZE=4
			OMPI_COMM_WORLD_NODE_RANK=2
			OMPI_UNIVERSE_SIZE=8
			OMPI_APP_CTX_NUM_PROCS=8
			OMPI_NUM_APP_CTX=1
			OMPI_FIRST_RANKS=0
			OMPI_MCA_ess=^singleton
			OMPI_MCA_ess_base_jobid=2215116801
			OMPI_MCA_ess_base_vpid=6
			OMPI_MCA_orte_ess_num_procs=8
			OMPI_MCA_orte_launch=1
			OMPI_MCA_pmix=^s1,s2,cray,isolated
			OMPI_COMMAND=java
			OMPI_ARGV=-jar app.jar
			PMIX_RANK=6
			PMIX_ID=2215116801.6
			PMIX_NAMESPACE=2215116801
			PMIX_SERVER_URI3=2215116800.0;tcp4://127.0.0.1:43117
			PMIX_VERSION=3.2.3
			PMIX_SECURITY_MODE=native
			PMIX_GDS_MODULE=ds21,ds12,hash
			""");

	/** MVAPICH2 2.3 started by its Hydra mpiexec, which sets the PMI variables as well. */
	static final Map<String, String> MVAPICH2 = env("""
			MV2_COMM_WORLD_RANK=3
			MV2_COMM_WORLD_SIZE=4
			MV2_COMM_WORLD_LOCAL_RANK=1
			MV2_COMM_WORLD_LOCAL_SIZE=2
			MV2_USE_CUDA=1
			PMI_FD=6
			PMI_RANK=3
			PMI_SIZE=4
			MPI_LOCALRANKID=1
			MPI_LOCALNRANKS=2
			""");

	/** Intel MPI's Hydra mpiexec.hydra -n 8 -ppn 4: the second rank of the second node. */
	static final Map<String, String> HYDRA = env("""
			I_MPI_ROOT=/opt/intel/oneapi/mpi/2021.10.0
			I_MPI_HYDRA_TOPOLIB=hwloc
			PMI_FD=9
			PMI_RANK=5
			PMI_SIZE=8
			MPI_LOCALRANKID=1
			MPI_LOCALNRANKS=4
			MPIR_CVAR_CH3_INTERFACE_HOSTNAME=node02
			""");

	/**
	 * MPICH 4.0's mpiexec.hydra -n 2, as printed by {@code env} under it: the whole set it exports,
	 * with no job identity among it (the PMI key-value space name comes over {@code PMI_FD}).
	 */
	static final Map<String, String> MPICH_HYDRA = env("""
			HYDI_CONTROL_FD=7
			MPIR_CVAR_CH3_INTERFACE_HOSTNAME=vm
			MPI_LOCALNRANKS=2
			MPI_LOCALRANKID=1
			PMI_FD=8
			PMI_RANK=1
			PMI_SIZE=2
			""");

	/** HPE Cray PALS (mpiexec under PBS), 4 ranks per node. */
	static final Map<String, String> PALS = env("""
			PBS_JOBID=4242.pbs01
			PALS_APID=b0a3c9d2-8e7f-4c1e-9a66-1f2d3c4b5a69
			PALS_APINFO=/var/run/palsd/b0a3c9d2/apinfo
			PALS_SPOOL_DIR=/var/run/palsd/b0a3c9d2
			PALS_DEPTH=1
			PALS_RANKID=9
			PALS_NODEID=2
			PALS_LOCAL_RANKID=1
			PMI_CONTROL_PORT=8079
			PMI_SHARED_SECRET=1403887718957064213
			PMI_JOBID=4242
			PMI_RANK=9
			PMI_SIZE=16
			PMI_LOCAL_RANK=1
			PMI_LOCAL_SIZE=4
			PMI_UNIVERSE_SIZE=16
			""");

	/** IBM jsrun (LSF/CSM), 6 resource sets per node; ranks also carry Open MPI's variables. */
	static final Map<String, String> JSRUN = env("""
			LSB_JOBID=1234567
			JSM_NAMESPACE_RANK=7
			JSM_NAMESPACE_SIZE=12
			JSM_NAMESPACE_LOCAL_RANK=1
			JSM_NAMESPACE_LOCAL_SIZE=6
			JSM_GPU_ASSIGNMENTS=1
			CUDA_VISIBLE_DEVICES=1
			OMPI_COMM_WORLD_RANK=7
			OMPI_COMM_WORLD_SIZE=12
			OMPI_COMM_WORLD_LOCAL_RANK=1
			OMPI_COMM_WORLD_LOCAL_SIZE=6
			PMIX_RANK=7
			PMIX_NAMESPACE=1234567
			""");

	/** flux run -N2 -n8: Flux sets its own variables and a PMI-1 set. */
	static final Map<String, String> FLUX = env("""
			FLUX_URI=local:///var/tmp/flux-abc/local-0
			FLUX_KVS_NAMESPACE=job-1403887718
			FLUX_JOB_ID=f2Xy7nT3
			FLUX_JOB_SIZE=8
			FLUX_JOB_NNODES=2
			FLUX_TASK_RANK=5
			FLUX_TASK_LOCAL_ID=1
			PMI_FD=15
			PMI_RANK=5
			PMI_SIZE=8
			PMI_SPAWNED=0
			""");

	/** A bare PMI-1 server: a rank and a size, nothing local. */
	static final Map<String, String> BARE_PMI = env("""
			PMI_FD=7
			PMI_JOBID=81234.0
			PMI_RANK=2
			PMI_SIZE=4
			""");

	/** PRRTE's prun without Open MPI: PMIx exports only the rank; the world size is explicit. */
	static final Map<String, String> PMIX = env("""
			PMIX_RANK=3
			PMIX_NAMESPACE=prterun-host-1234@1
			PMIX_SERVER_URI41=prterun-host-1234@0.0;tcp4://10.0.0.1:40123
			PMIX_VERSION=4.2.6
			PMIX_SECURITY_MODE=native,none
			PMIX_GDS_MODULE=hash
			NEMO_LENS_WORLD_SIZE=8
			""");

	/** blaunch under LSF: a 1-based task id; the world size is explicit. */
	static final Map<String, String> LSF_BLAUNCH = env("""
			LSB_JOBID=5501
			LSB_JOBINDEX=0
			LSB_HOSTS=h1 h1 h2 h2
			LSB_MCPU_HOSTS=h1 2 h2 2
			LSB_DJOB_NUMPROC=4
			LSF_BINDIR=/opt/lsf/10.1/linux3.10-glibc2.17-x86_64/bin
			LSF_PM_TASKID=4
			NEMO_LENS_WORLD_SIZE=4
			""");

	/** A LeaderWorkerSet worker pod, group of 4. */
	static final Map<String, String> LEADER_WORKER_SET = env("""
			HOSTNAME=vllm-0-2
			KUBERNETES_SERVICE_HOST=10.96.0.1
			LWS_LEADER_ADDRESS=vllm-0.vllm.default
			LWS_GROUP_SIZE=4
			LWS_WORKER_INDEX=2
			""");

	/** A Kubeflow PyTorchJob (v1) worker pod: Master plus one Worker, 4 processes per pod. */
	static final Map<String, String> KUBEFLOW_V1 = env("""
			HOSTNAME=bert-worker-0
			MASTER_ADDR=bert-master-0
			MASTER_PORT=23456
			WORLD_SIZE=8
			RANK=1
			PET_MASTER_ADDR=bert-master-0
			PET_MASTER_PORT=23456
			PET_NNODES=2
			PET_NPROC_PER_NODE=4
			PYTHONUNBUFFERED=1
			""");

	/** A Kubeflow Trainer v2 node pod: a JobSet, so an Indexed Job index is set too. */
	static final Map<String, String> KUBEFLOW_V2 = env("""
			HOSTNAME=llama-node-0-3
			JOB_COMPLETION_INDEX=3
			PET_NNODES=4
			PET_NPROC_PER_NODE=auto
			PET_NODE_RANK=3
			PET_MASTER_ADDR=llama-node-0-0.llama
			PET_MASTER_PORT=29400
			""");

	/** A Volcano job with the pytorch plugin, which sets pod-level RANK and WORLD_SIZE. */
	static final Map<String, String> VOLCANO_PYTORCH = env("""
			VC_TASK_INDEX=1
			VK_TASK_INDEX=1
			VC_MASTER_NUM=1
			VC_MASTER_HOSTS=mnist-master-0.mnist
			VC_WORKER_NUM=3
			VC_WORKER_HOSTS=mnist-worker-0.mnist,mnist-worker-1.mnist,mnist-worker-2.mnist
			MASTER_ADDR=mnist-master-0.mnist
			MASTER_PORT=23456
			WORLD_SIZE=4
			RANK=2
			""");

	/** A single-role Volcano job without the pytorch plugin; the world size is explicit. */
	static final Map<String, String> VOLCANO = env("""
			VC_TASK_INDEX=2
			VK_TASK_INDEX=2
			VC_WORKER_NUM=4
			VC_WORKER_HOSTS=etl-worker-0.etl,etl-worker-1.etl,etl-worker-2.etl,etl-worker-3.etl
			NEMO_LENS_WORLD_SIZE=4
			""");

	/** A Kubernetes Indexed Job pod; the world size (completions) is explicit. */
	static final Map<String, String> INDEXED_JOB = env("""
			HOSTNAME=train-5-x7k2p
			KUBERNETES_SERVICE_HOST=10.96.0.1
			JOB_COMPLETION_INDEX=5
			NEMO_LENS_WORLD_SIZE=8
			""");

	/** A StatefulSet pod with its pod-index label mapped through the downward API. */
	static final Map<String, String> STATEFUL_SET = env("""
			HOSTNAME=web-2
			KUBERNETES_SERVICE_HOST=10.96.0.1
			NEMO_LENS_POD_INDEX=2
			NEMO_LENS_WORLD_SIZE=3
			""");

	/** An AWS Batch multi-node parallel job, node 2 of 4. */
	static final Map<String, String> AWS_BATCH = env("""
			AWS_BATCH_JOB_ID=4f1c2b9e-7d0a-4e6f-9c1b-2a3d4e5f6a7b#2
			AWS_BATCH_JOB_ATTEMPT=1
			AWS_BATCH_JQ_NAME=gpu-queue
			AWS_BATCH_CE_NAME=gpu-ce
			AWS_BATCH_JOB_NODE_INDEX=2
			AWS_BATCH_JOB_NUM_NODES=4
			AWS_BATCH_JOB_MAIN_NODE_INDEX=0
			AWS_BATCH_JOB_MAIN_NODE_PRIVATE_IPV4_ADDRESS=10.0.1.5
			""");

	/** A Google Cloud Batch task, 1 of 3. */
	static final Map<String, String> GCP_BATCH = env("""
			BATCH_JOB_ID=projects/p/locations/us-central1/jobs/train
			BATCH_TASK_INDEX=1
			BATCH_TASK_COUNT=3
			BATCH_TASK_RETRY_ATTEMPT=0
			BATCH_HOSTS_FILE=/etc/cloudbatch-taskgroup-hosts
			""");

	/** A SageMaker training host among 11, whose host list is sorted as text. */
	static final Map<String, String> SAGEMAKER = env("""
			SM_CURRENT_HOST=algo-2
			SM_HOSTS=["algo-1","algo-10","algo-11","algo-2","algo-3","algo-4","algo-5","algo-6","algo-7","algo-8","algo-9"]
			SM_CURRENT_INSTANCE_TYPE=ml.p4d.24xlarge
			SM_NETWORK_INTERFACE_NAME=eth0
			SM_NUM_GPUS=8
			SM_NUM_CPUS=96
			SM_CHANNELS=["training"]
			SM_MODEL_DIR=/opt/ml/model
			SM_OUTPUT_DATA_DIR=/opt/ml/output/data
			""");

	/** A Spark executor on Kubernetes: its id counts from 1 and is never reused, so it is no rank. */
	static final Map<String, String> SPARK_EXECUTOR = env("""
			SPARK_USER=alice
			SPARK_APPLICATION_ID=spark-8f2d3e
			SPARK_DRIVER_URL=spark://CoarseGrainedScheduler@driver-svc:7078
			SPARK_EXECUTOR_ID=3
			SPARK_EXECUTOR_CORES=4
			SPARK_EXECUTOR_MEMORY=8g
			SPARK_EXECUTOR_POD_IP=10.1.2.3
			""");

	private LauncherEnvironments() {
	}

	/**
	 * Reads {@code NAME=value} lines; the value runs to the end of the line.
	 */
	static Map<String, String> env(String dump) {
		Map<String, String> env = new LinkedHashMap<>();
		dump.lines().filter((line) -> !line.isBlank()).forEach((line) -> {
			int equals = line.indexOf('=');
			env.put(line.substring(0, equals).trim(), line.substring(equals + 1));
		});
		return Map.copyOf(env);
	}

	/**
	 * Returns {@code base} with the variables of {@code dump} added or replaced, as a process
	 * inherits its parent's environment and its launcher sets more.
	 */
	static Map<String, String> with(Map<String, String> base, String dump) {
		Map<String, String> env = new LinkedHashMap<>(base);
		env.putAll(env(dump));
		return Map.copyOf(env);
	}

}
