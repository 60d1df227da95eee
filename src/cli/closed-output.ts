// `damka book stats FILE | head` closes our standard output early. Node then raises EPIPE as an
// unhandled 'error' event, a stack trace for what is an ordinary way to read a command's
// output; a reader who has gone is an end, not a failure (as for cat, grep and the rest).

/** Exit quietly, as a Unix tool does, when the reader of stdout or stderr goes away. */
export function exitQuietlyOnClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
}
