/**
 * Who a process is in a distributed job: {@link nemo.lens.launch.RankInfo} reads the rank, world
 * size and local rank that torchrun, Slurm, MPI, Kubernetes and other launchers set, from one
 * launcher at a time and in a fixed order, so that nested launchers and inherited variables do
 * not mislead it; and the run id all ranks of a job share ({@link nemo.lens.launch.RunId}), from the
 * launcher's job identity.
 * <p>
 * May import {@code nemo.lens.env} only; imports no Spring type. Within it,
 * {@link nemo.lens.launch.RankInfo} reaches the launchers through its detector, and they read into
 * {@code LauncherValues} and name the explicit variables from {@code LauncherVariables}, never
 * {@code RankInfo}.
 */
package nemo.lens.launch;
