// The coordinator's side of the queue: puts jobs on it under ids of its run and hands back each
// job's result once. BullMQ's events bring results as they come; a regular look at every job
// still waiting catches what events miss (a restarted Redis forgets its event stream and, without
// persistence, its jobs: a job no longer there is put on the queue again). A job id is added only
// once, so a coordinator started again with the same run finds the results already there.

import type { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { connect } from './connection.ts';
import { type JobData, QUEUE_NAME } from './job-data.ts';
import type { QueueUrl } from './queue-url.ts';

export class JobFailed extends Error {}

interface Pending { data: JobData; resolve: (v: unknown) => void; reject: (e: Error) => void }

export interface JobClientOptions {
  /** Milliseconds between looks at the jobs still waiting (default 3000). */
  reconcileMs?: number;
  warn?: (line: string) => void;
}

export class JobClient {
  private connection!: Redis;
  private eventsConnection!: Redis;
  queue!: Queue;
  private events!: QueueEvents;
  private readonly pending = new Map<string, Pending>();
  /** Ids whose result was taken (a second result for one is ignored). */
  private readonly finished = new Set<string>();
  private readonly byEvent = new Set<string>();
  /** Ids on their way onto the queue: not yet missing from it. */
  private readonly adding = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private reconciling = false;
  /** Jobs put on the queue again after they went missing. */
  requeued = 0;
  duplicates = 0;

  constructor(private readonly url: QueueUrl, private readonly o: JobClientOptions = {}) {}

  async open(): Promise<void> {
    const { Queue, QueueEvents } = await import('bullmq');
    this.connection = await connect(this.url);
    this.eventsConnection = await connect(this.url);
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection });
    this.events = new QueueEvents(QUEUE_NAME, { connection: this.eventsConnection });
    this.events.on('completed', ({ jobId, returnvalue }) => {
      let value: unknown = returnvalue;
      if (typeof value === 'string') {
        try { value = JSON.parse(value); } catch { /* kept as text: the result check refuses it */ }
      }
      this.settle(jobId, (p) => p.resolve(value), true);
    });
    // A failed attempt may be tried again: the job's state says whether it failed for good.
    this.events.on('failed', ({ jobId }) => {
      if (this.pending.has(jobId)) void this.queue.getJob(jobId).then((job) => this.look(jobId, job, false)).catch(() => {});
    });
    this.events.on('error', (err) => this.o.warn?.(`queue events: ${err.message}`));
    // After a reconnect, look at once: the events of the gap are gone.
    this.connection.on('ready', () => this.reconcileSoon(200));
    await this.queue.waitUntilReady();
    await this.events.waitUntilReady();
    this.timer = setInterval(() => void this.reconcile(), this.o.reconcileMs ?? 3000);
  }

  /** The result of the job `id` with `data`: added unless the queue has it already. */
  submit(id: string, data: JobData): Promise<unknown> {
    if (this.pending.has(id) || this.finished.has(id)) return Promise.reject(new Error(`job ${id} submitted twice`));
    const result = new Promise<unknown>((resolve, reject) => this.pending.set(id, { data, resolve, reject }));
    // A job the queue holds already (this run started before) is looked at, not added again.
    this.adding.add(id);
    void this.queue.getJob(id)
      .then(async (existing) => (existing ? this.look(id, existing, true) : void (await this.add(id, data))))
      .catch((err: Error) => this.settle(id, (p) => p.reject(err), false))
      .finally(() => this.adding.delete(id));
    return result;
  }

  /** Removes the jobs of this client still waiting (not those a worker holds); returns how many. */
  async removeWaiting(): Promise<number> {
    let removed = 0;
    const ids = [...this.pending.keys()];
    this.pending.clear();
    for (const id of ids) {
      this.finished.add(id);
      try {
        removed += await this.queue.remove(id);
      } catch { /* held by a worker: it finishes, and its result stays in the queue for the run */ }
    }
    return removed;
  }

  get waiting(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.events.close();
    await this.queue.close();
    this.connection.disconnect();
    this.eventsConnection.disconnect();
  }

  private add(id: string, data: JobData): Promise<Job> {
    // A worker whose engine would not start (a busy machine) fails the attempt; another may do better.
    return this.queue.add(data.kind, data, { jobId: id, attempts: 3, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } });
  }

  private settle(id: string, how: (p: Pending) => void, fromEvent: boolean): void {
    const p = this.pending.get(id);
    if (!p) {
      // A result taken from a look and then announced by its event is one result; two events are two.
      if (fromEvent && this.byEvent.has(id)) {
        this.duplicates++;
        this.o.warn?.(`queue: a second result for job ${id} ignored`);
      }
      return;
    }
    this.pending.delete(id);
    this.finished.add(id);
    if (fromEvent) this.byEvent.add(id);
    how(p);
  }

  /** Takes a job's result if it has one; a job made with other data under the same id is an error. */
  private async look(id: string, job: Job | undefined, first: boolean): Promise<void> {
    const p = this.pending.get(id);
    if (!p) return;
    if (!job) {
      this.requeued++;
      this.o.warn?.(`queue: job ${id} is no longer in the queue (Redis restarted?): queued again`);
      await this.add(id, p.data);
      return;
    }
    if (JSON.stringify(job.data) !== JSON.stringify(p.data)) {
      const otherBuild = JSON.stringify((job.data as Partial<JobData>).build) !== JSON.stringify(p.data.build);
      this.settle(id, (q) => q.reject(new Error(`the queue holds a job ${id} made ${otherBuild ? 'by another build' : 'with other settings'}: give this run another name (--run)`)), false);
      return;
    }
    const state = await job.getState();
    if (state === 'completed') {
      // The job may have finished between the fetch and the state: its result is in a fresh copy.
      const done = await this.queue.getJob(id);
      this.settle(id, (q) => q.resolve(done?.returnvalue), false);
    }
    else if (state === 'failed') {
      // Failed in an earlier start of this run (a worker lacked an engine): try it again now.
      if (first) await job.retry('failed');
      else {
        const done = await this.queue.getJob(id);
        this.settle(id, (q) => q.reject(new JobFailed(done?.failedReason || job.failedReason || `job ${id} failed`)), false);
      }
    }
  }

  private reconcileSoon(ms: number): void {
    setTimeout(() => void this.reconcile(), ms).unref();
  }

  private async reconcile(): Promise<void> {
    if (this.reconciling) return;
    this.reconciling = true;
    try {
      const ids = [...this.pending.keys()].filter((id) => !this.adding.has(id));
      for (let i = 0; i < ids.length; i += 100) {
        await Promise.all(ids.slice(i, i + 100).map(async (id) => this.look(id, await this.queue.getJob(id), false)));
      }
    } catch (err) {
      this.o.warn?.(`queue: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.reconciling = false;
    }
  }
}
