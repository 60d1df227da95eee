// Progress for long jobs: shown on an interactive terminal only, so pipes and protocols stay clean.

export class Progress {
  private readonly enabled = process.stderr.isTTY === true;
  private shown = false;

  update(text: string): void {
    if (!this.enabled) return;
    process.stderr.write(`\r\x1b[2K${text}`);
    this.shown = true;
  }

  done(): void {
    if (this.shown) process.stderr.write('\r\x1b[2K');
    this.shown = false;
  }
}
