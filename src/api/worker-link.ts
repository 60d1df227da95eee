// What the engine needs of a worker, so that one engine runs on a Node worker thread and on
// a browser Web Worker alike.

export interface WorkerLink {
  post(message: unknown): void;
  /** Called for every message from the worker, and with an Error when the worker fails. */
  listen(onMessage: (message: unknown) => void, onFailure: (error: Error) => void): void;
  /** Whether a running search should keep the host alive (Node: a worker ref'ed only while busy). */
  busy(searching: boolean): void;
  terminate(): Promise<void>;
}

export type WorkerLinkFactory = () => WorkerLink;
