/**
 * How an operator steers a rank while it runs: the job-wide control file (its content, the poller
 * that watches it, what one rank applies of it and its state) and the timer that ends an override.
 * Not API beyond {@link nemo.lens.control.ControlStatus}, which the handle reports.
 * <p>
 * May import {@code nemo.lens.env} and {@code nemo.lens.config} (the settings a control file may
 * change), never {@code nemo.lens}: what the content decides is the root's to say, through
 * {@link nemo.lens.control.JobControl.Decider}.
 */
package nemo.lens.control;
