// Why a file a user named cannot be read, in a few words for an error line ("no such file"),
// rather than Node's "ENOENT: no such file or directory, open '...'".

/** The reason `err` (from reading a file) gives, short where the code is a common one. */
export function readProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  return err instanceof Error ? err.message : String(err);
}
