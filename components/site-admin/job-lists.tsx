"use client";

import { FormStatus } from "@/components/forms/form-footer";
import { retryJobAction } from "@/lib/actions/site-admin-actions";
import type { JobsOverview } from "@/lib/views/site-admin-view";
import { useAdminAction } from "./use-admin-action";

type Job = JobsOverview["failed"][number];

function when(date: Date): string {
  return new Date(date).toISOString().slice(0, 19).replace("T", " ");
}

function FailedJob({ job }: { job: Job }) {
  const retry = useAdminAction(retryJobAction);
  return (
    <li className="form-card site-admin__item" data-testid={`failed-job-${job.id}`}>
      <h3>{job.name}</h3>
      <p className="site-admin__facts">
        <span>Failed {when(job.at)}</span>
        <span>{job.retryCount} retries</span>
        <span>{job.error || "no message"}</span>
      </p>
      <div className="site-admin__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={retry.isPending || retry.isSuccess}
          onClick={() => retry.mutate({ name: job.name, id: job.id })}
        >
          {retry.isSuccess ? "Queued again" : retry.isPending ? "Retrying…" : "Retry"}
        </button>
        <FormStatus mutation={retry} />
      </div>
    </li>
  );
}

/** The job queue at a glance: each queue's counts, then failed jobs (with Retry) and those waiting. */
export function JobLists({ overview }: { overview: JobsOverview }) {
  return (
    <>
      <section className="form-card" aria-labelledby="queues-title">
        <h2 id="queues-title">Queues</h2>
        <table className="site-admin__table">
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Waiting</th>
              <th scope="col">Running</th>
              <th scope="col">Failed</th>
            </tr>
          </thead>
          <tbody>
            {overview.queues.map((queue) => (
              <tr key={queue.name}>
                <td>{queue.name}</td>
                <td>{queue.queued}</td>
                <td>{queue.active}</td>
                <td>{queue.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="failed-title">
        <h2 id="failed-title">Failed</h2>
        {overview.failed.length === 0 ? <p>No job has failed for good.</p> : null}
        <ul className="site-admin__list">
          {overview.failed.map((job) => (
            <FailedJob key={job.id} job={job} />
          ))}
        </ul>
      </section>
      <section className="form-card" aria-labelledby="queued-title">
        <h2 id="queued-title">Waiting</h2>
        {overview.queued.length === 0 ? <p>Nothing is waiting.</p> : null}
        <table className="site-admin__table">
          <tbody>
            {overview.queued.map((job) => (
              <tr key={job.id}>
                <td>{job.name}</td>
                <td>{job.state === "retry" ? `retry ${job.retryCount}` : "queued"}</td>
                <td>due {when(job.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
